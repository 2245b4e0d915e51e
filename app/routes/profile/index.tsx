import { redirect } from "react-router";
import { localePath } from "~/lib/routes";
import type { Route } from "./+types/index";

/** /profile opens the first section. */
export async function loader({ request }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  throw redirect(localePath("/profile/reservations", pathname));
}

export default function ProfileIndex() {
  return null;
}
