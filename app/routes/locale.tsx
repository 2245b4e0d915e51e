import { Outlet } from "react-router";

/** The locale layer: everything below exists at /x and /es-MX/x. */
export default function Locale() {
  return <Outlet />;
}
