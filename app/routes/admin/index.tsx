import { redirect } from "react-router";
import { localePath } from "~/lib/routes";
import type { Route } from "./+types/index";

/** /admin: the dashboard (whose guard sends everyone else where they belong). */
export function loader({ request }: Route.LoaderArgs) {
  throw redirect(localePath("/admin/dashboard", new URL(request.url).pathname));
}

export default function AdminIndex() {
  return null;
}
