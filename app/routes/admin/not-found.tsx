import { data } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/kit";
import type { Route } from "./+types/not-found";
import { requireAdminLayout } from "./.server/page";

/** Unknown admin paths: a 404 inside the shell (menu entries of capabilities not built yet land here). */
export async function loader(args: Route.LoaderArgs) {
  // Same check as the layout: /admin/auth/* is never behind the admin guard (no redirect loop).
  requireAdminLayout(args);
  throw data(null, { status: 404 });
}

export const ErrorBoundary = AdminErrorBoundary;

export default function AdminNotFound() {
  return null;
}
