import { Outlet } from "react-router";

export default function SiteLayout() {
  return (
    <main id="contenido">
      <Outlet />
    </main>
  );
}
