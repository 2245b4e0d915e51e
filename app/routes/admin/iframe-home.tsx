import { useEffect, useState } from "react";
import { data } from "react-router";
import { t } from "~/lib/messages";
import { NOINDEX } from "~/lib/seo";
import type { HomeSection } from "~/components/site/home/types";
import type { FeatureItem } from "~/shared/home-lists";
import { HomeSectionView, loader as homeLoader, sectionContext } from "~/routes/site/home";
import { homeData } from "~/.server/domain/content/service";
import { requireAdminPage } from "./.server/page";
import type { Route } from "./+types/iframe-home";

/** What the section editor posts to this frame: the form's unsaved values. */
export const PREVIEW_MESSAGE = "nb:home-preview";
/** What this frame posts to its parent once it listens (the editor then sends the current values). */
export const PREVIEW_READY = "nb:home-preview-ready";

/**
 * /admin/iframe/home/:component: one home section alone (its draft when there is one), for the
 * back office's live preview. Staff only; no site navigation around it.
 */
export async function loader(args: Route.LoaderArgs) {
  requireAdminPage(args, { permission: "configuration.read" });
  const [base, drafts] = await Promise.all([
    homeLoader(args as never),
    homeData(args.context.deps.db, { drafts: true, all: true }),
  ]);
  const section = drafts.sections.find((s) => s.key === args.params.component);
  if (!section) throw data(t("cms.errors.componentNotFound"), { status: 404 });
  return { content: base, section };
}

export function meta({ data: d }: Route.MetaArgs) {
  return [{ title: t("cms.home.iframeTitle", { name: d?.section.title || d?.section.key || "" }) }, NOINDEX];
}

interface PreviewValues {
  title?: string;
  subtitle?: string;
  body?: string;
  image_url?: string;
  cta_label?: string;
  cta_link?: string;
  items?: FeatureItem[];
  points?: string[];
}

export default function HomeComponentPreview({ loaderData }: Route.ComponentProps) {
  const { content, section } = loaderData;
  const [live, setLive] = useState<PreviewValues | null>(null);
  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      if (e.origin !== window.location.origin || e.data?.type !== PREVIEW_MESSAGE) return;
      setLive(e.data.values as PreviewValues);
    };
    window.addEventListener("message", onMessage);
    if (window.parent !== window) window.parent.postMessage({ type: PREVIEW_READY }, window.location.origin);
    return () => window.removeEventListener("message", onMessage);
  }, []);
  const shown: HomeSection = live
    ? {
        ...section,
        title: live.title ?? section.title,
        subtitle: live.subtitle ?? section.subtitle,
        body: live.body ?? section.body,
        image_url: live.image_url || null,
        cta_label: live.cta_label || null,
        cta_link: live.cta_link || null,
        data: {
          ...section.data,
          ...(live.items ? { items: live.items } : {}),
          ...(live.points ? { points: live.points } : {}),
        },
      }
    : section;
  return (
    <main>
      <HomeSectionView section={shown} ctx={sectionContext(content)} />
    </main>
  );
}
