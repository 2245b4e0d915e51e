import { Outlet, type ShouldRevalidateFunctionArgs } from "react-router";
import { AuthDialogs } from "~/components/auth/AuthDialogs";
import { MARKETPLACE_STUDIO_ID } from "~/components/site/navbar-logic";
import { SiteFooter } from "~/components/site/SiteFooter";
import { SiteMenu } from "~/components/site/SiteMenu";
import { SiteNavbar } from "~/components/site/SiteNavbar";
import { useBlockInspector } from "~/components/site/useBlockInspector";
import { useLocalePath } from "~/components/site/useLocalePath";
import { useRootData } from "~/lib/app-state";
import { t } from "~/lib/messages";
import type { Route } from "./+types/layout";
import { publicReads } from "~/.server/domain/content/public-reads";

/** Sponsors of the footer (`GET /api/v2/sponsors`, and `?studio_id=21` for the marketplace). */
export async function loader({ context }: Route.LoaderArgs) {
  const reads = publicReads(context.deps);
  const soft = <T,>(p: Promise<T[]>) =>
    p.catch((err: unknown) => {
      context.deps.log.warn({ err }, "sponsors failed");
      return [] as T[];
    });
  const [sponsors, marketplaceSponsors] = await Promise.all([
    soft(reads.sponsors()),
    soft(reads.sponsors(MARKETPLACE_STUDIO_ID)),
  ]);
  return { sponsors, marketplaceSponsors };
}

/** Sponsors change rarely: load them once per visit (and after form submissions). */
export function shouldRevalidate({ formMethod }: ShouldRevalidateFunctionArgs) {
  return Boolean(formMethod && formMethod !== "GET");
}

/** The public layout: navbar, full-screen menu, content, footer and WhatsApp button (spec §2). */
export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  const root = useRootData();
  const { path } = useLocalePath();
  useBlockInspector(root.blockInspector);
  const marketplace = root.studio === MARKETPLACE_STUDIO_ID || path.startsWith("/bazar-acapulco");
  return (
    <>
      <a href="#contenido" className="skip-link">
        {t("nav.skipToContent")}
      </a>
      <SiteNavbar />
      <SiteMenu />
      <main id="contenido" tabIndex={-1}>
        <Outlet />
      </main>
      <AuthDialogs />
      <SiteFooter
        sponsors={loaderData?.sponsors ?? []}
        marketplaceSponsors={loaderData?.marketplaceSponsors ?? []}
        marketplace={marketplace}
      />
    </>
  );
}
