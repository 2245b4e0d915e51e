import { data } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/kit";
import type { Route } from "./+types/not-found";

/** Unknown admin paths: a 404 inside the shell (menu entries of capabilities not built yet land here). */
export async function loader(args: Route.LoaderArgs) {
  const { requireAdminPage } = await import("./.server/page");
  requireAdminPage(args);
  throw data(null, { status: 404 });
}

export const ErrorBoundary = AdminErrorBoundary;

export default function AdminNotFound() {
  return null;
}
