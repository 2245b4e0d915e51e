import { Anchor, Group, Stack, Text } from "@mantine/core";
import { Link, useLocation } from "react-router";
import { t } from "~/lib/messages";
import { auditActionLabel, auditEntityLabel } from "~/shared/audit-labels";
import { localePath } from "~/lib/routes";
import { formatDateTime } from "~/shared/mexico/time";
import { SoftBadge } from "~/components/SoftBadge";

export interface AuditEntryView {
  id: number;
  created_at: string;
  actor_name: string | null;
  actor_email: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
}

/** The wording lives in app/shared/audit-labels.ts (the CSV uses it too); re-exported for existing imports. */
export { auditActionLabel, auditEntityLabel };

/** Where the record of an entry is shown, when the back office has a page for it. */
function auditHref(e: Pick<AuditEntryView, "action" | "entity" | "entity_id">): string | null {
  if (e.entity === "user" && e.entity_id && e.action.startsWith("customer.")) return `/admin/users/${e.entity_id}`;
  return null;
}

/** A compact list of audit entries (dashboard). */
export function AuditList({ entries }: { entries: AuditEntryView[] }) {
  const { pathname } = useLocation();
  return (
    <Stack gap={0} component="ol" style={{ listStyle: "none", padding: 0, margin: 0 }}>
      {entries.map((e) => (
        <Group
          key={e.id}
          component="li"
          justify="space-between"
          align="flex-start"
          gap="xs"
          py="sm"
          wrap="nowrap"
          style={{ borderBottom: "1px solid var(--mantine-color-gray-2)" }}
        >
          <div style={{ minWidth: 0 }}>
            <Text size="sm" fw={600}>
              {auditActionLabel(e.action)}
              {e.entity_id && (
                <Text span c="dimmed" fw={400} size="sm">
                  {" · "}
                  {auditHref(e) ? (
                    <Anchor component={Link} to={localePath(auditHref(e)!, pathname)} size="sm">
                      {auditEntityLabel(e.entity)} #{e.entity_id}
                    </Anchor>
                  ) : (
                    `${auditEntityLabel(e.entity)} #${e.entity_id}`
                  )}
                </Text>
              )}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {e.actor_name ?? e.actor_email ?? t("admin.dashboard.system")}
            </Text>
          </div>
          <SoftBadge color="gray" size="sm" style={{ flexShrink: 0, textTransform: "none" }}>
            {formatDateTime(e.created_at)}
          </SoftBadge>
        </Group>
      ))}
    </Stack>
  );
}
