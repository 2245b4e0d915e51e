import { data } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/kit";
import { adminMenu, isActiveLink, menuLinks } from "~/components/admin/menu";
import { stripLocale } from "~/lib/routes";
import { PendingScreen } from "./pending/page";
import type { Route } from "./+types/not-found";
import { requireAdminLayout } from "./.server/page";

/** Every entry of the back-office menu, whoever sees it (testers' entries included). */
const ALL_ENTRIES = menuLinks(
  adminMenu({ role_id: 1, employee_type: 1, is_tester: true, id_employee: 1, can_scan_attendance: false }),
);

/**
 * Unknown admin paths. A menu entry of a capability not built yet shows the shell's Spanish "not
 * yet available" state under its own title; any other path is a 404 inside the shell.
 */
export async function loader(args: Route.LoaderArgs) {
  // Same check as the layout: /admin/auth/* is never behind the admin guard (no redirect loop).
  requireAdminLayout(args);
  const path = stripLocale(new URL(args.request.url).pathname).replace(/\/$/, "");
  // The entry's own page and its usual sub-pages (add, list, edit/{id}, list/{area}).
  const entry = ALL_ENTRIES.find((l) => {
    const base = l.href.replace(/\/list(\/\w+)?$/, "");
    return (
      isActiveLink(l.href, path) &&
      (path === l.href || /^\/(add|list(\/\w+)?|edit\/\d+)?$/.test(path.slice(base.length)))
    );
  });
  if (entry) return { pending: entry.label };
  throw data(null, { status: 404 });
}

export const ErrorBoundary = AdminErrorBoundary;

export default function AdminNotFound({ loaderData }: Route.ComponentProps) {
  return <PendingScreen title={loaderData.pending} />;
}
