import { Link, useLocation } from "react-router";
import { t } from "~/lib/messages";
import { auditActionLabel, auditEntityLabel } from "~/shared/audit-labels";
import { localePath } from "~/lib/routes";
import { formatDateTime } from "~/shared/mexico/time";
import { SoftBadge } from "~/components/SoftBadge";
import classes from "./AuditList.module.css";

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

/** A compact list of audit entries (dashboard): plain elements (AuditList.module.css). */
export function AuditList({ entries }: { entries: AuditEntryView[] }) {
  const { pathname } = useLocation();
  return (
    <ol className={classes.list}>
      {entries.map((e) => {
        const href = auditHref(e);
        return (
          <li key={e.id} className={classes.entry}>
            <div className={classes.body}>
              <p className={classes.action}>
                {auditActionLabel(e.action)}
                {e.entity_id && (
                  <span className={classes.entity}>
                    {" · "}
                    {href ? (
                      <Link to={localePath(href, pathname)}>
                        {auditEntityLabel(e.entity)} #{e.entity_id}
                      </Link>
                    ) : (
                      `${auditEntityLabel(e.entity)} #${e.entity_id}`
                    )}
                  </span>
                )}
              </p>
              <p className={classes.actor}>{e.actor_name ?? e.actor_email ?? t("admin.dashboard.system")}</p>
            </div>
            <SoftBadge color="gray" size="sm" className={classes.when} style={{ textTransform: "none" }}>
              {formatDateTime(e.created_at)}
            </SoftBadge>
          </li>
        );
      })}
    </ol>
  );
}
