import { Button, EmptyState, Paper } from "@mantine/core";
import { IconAlertCircle, IconLock, IconMoodEmpty } from "@tabler/icons-react";
import { isRouteErrorResponse, Link, useLocation, useRouteError } from "react-router";
import { errorStatus } from "~/lib/errors";
import { t } from "~/lib/messages";
import { localePath } from "~/lib/routes";

/**
 * Error boundary of a back-office page: shown inside the shell (menu and top bar stay), with the
 * status code. Pages export it as `export const ErrorBoundary = AdminErrorBoundary;`.
 */
export function AdminErrorBoundary() {
  const error = useRouteError();
  const { pathname } = useLocation();
  const status = errorStatus(error) ?? 500;
  if (status >= 500 && typeof console !== "undefined") console.error(error);
  const detail =
    isRouteErrorResponse(error) && typeof error.data === "string" && error.data
      ? error.data
      : status === 403
        ? t("admin.shell.forbiddenText")
        : status === 404
          ? t("admin.shell.notFoundText")
          : t("errors.internal");
  return (
    <Paper withBorder radius="md" p="xl" mt="md">
      <EmptyState
        icon={
          status === 403 ? (
            <IconLock size={28} aria-hidden />
          ) : status === 404 ? (
            <IconMoodEmpty size={28} aria-hidden />
          ) : (
            <IconAlertCircle size={28} aria-hidden />
          )
        }
        title={`${status} · ${status === 404 ? t("admin.shell.notFoundTitle") : t("admin.shell.errorTitle")}`}
        description={detail}
      >
        <Button component={Link} to={localePath("/admin/dashboard", pathname)} variant="light">
          {t("admin.shell.backToDashboard")}
        </Button>
      </EmptyState>
    </Paper>
  );
}
