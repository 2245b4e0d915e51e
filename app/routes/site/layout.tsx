import { lazy, Suspense, useState } from "react";
import { Outlet, type ShouldRevalidateFunctionArgs } from "react-router";
import { HydrateLater } from "~/components/HydrateLater";
import { ExpiredSessionWatcher } from "~/components/auth/ExpiredSessionWatcher";
import { MARKETPLACE_STUDIO_ID } from "~/components/site/navbar-logic";
import { SiteFooter } from "~/components/site/SiteFooter";
import { SiteNavbar } from "~/components/site/SiteNavbar";
import { useBlockInspector } from "~/components/site/useBlockInspector";
import { useLocalePath } from "~/components/site/useLocalePath";
import { useRootData, useUi } from "~/lib/app-state";
import { t } from "~/lib/messages";
import type { Route } from "./+types/layout";
import { publicReads } from "~/.server/domain/content/public-reads";

// The account dialogs (and their forms and validation) load the first time one opens, not with
// every public page: they are most of a page's script otherwise.
const AuthDialogs = lazy(() => import("~/components/auth/AuthDialogs").then((m) => ({ default: m.AuthDialogs })));
// The full-screen menu (a drawer with its focus trap, scroll lock and transitions) loads when the
// burger first opens it.
const SiteMenu = lazy(() => import("~/components/site/SiteMenu").then((m) => ({ default: m.SiteMenu })));
// The side checkout panel 'Finalizar Pago' likewise loads when it first opens.
const SideCheckout = lazy(() =>
  import("~/components/commerce/SideCheckout").then((m) => ({ default: m.SideCheckout })),
);

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
  const { dialogs, menuOpen } = useUi();
  const [menuWanted, setMenuWanted] = useState(false);
  if (!menuWanted && menuOpen) setMenuWanted(true);
  const [dialogsWanted, setDialogsWanted] = useState(false);
  if (!dialogsWanted && Object.values(dialogs).some(Boolean)) setDialogsWanted(true);
  const marketplace = root.studio === MARKETPLACE_STUDIO_ID || path.startsWith("/bazar-acapulco");
  return (
    <>
      <a href="#contenido" className="skip-link">
        {t("nav.skipToContent")}
      </a>
      {/* The navbar, the page and the footer hydrate one after the other, in small slices (HydrateLater). */}
      <HydrateLater>
        <SiteNavbar />
      </HydrateLater>
      {menuWanted ? (
        <Suspense fallback={null}>
          <SiteMenu />
        </Suspense>
      ) : null}
      <main id="contenido" tabIndex={-1}>
        <Outlet />
      </main>
      <ExpiredSessionWatcher />
      {dialogsWanted ? (
        <Suspense fallback={null}>
          <AuthDialogs withWatcher={false} />
          <SideCheckout />
        </Suspense>
      ) : null}
      <HydrateLater>
        <SiteFooter
          sponsors={loaderData?.sponsors ?? []}
          marketplaceSponsors={loaderData?.marketplaceSponsors ?? []}
          marketplace={marketplace}
        />
      </HydrateLater>
    </>
  );
}
