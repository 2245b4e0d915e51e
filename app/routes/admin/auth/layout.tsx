import { Outlet } from "react-router";
import { AdminAuthLayout } from "~/components/admin-auth/AdminAuthLayout";

export default function AdminAuth() {
  return (
    <AdminAuthLayout>
      <Outlet />
    </AdminAuthLayout>
  );
}
