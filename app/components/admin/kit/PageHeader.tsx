import { Fragment, type ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { t } from "~/lib/messages";
import { localePath } from "~/lib/routes";
import { breadcrumbs, type Crumb } from "../breadcrumbs";
import classes from "./PageHeader.module.css";

export interface PageHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  /** Primary action(s), shown at the right (below the title on phones). */
  actions?: ReactNode;
  /** Defaults to the breadcrumbs of the current path. */
  crumbs?: Crumb[];
}

/**
 * The top of every back-office page: breadcrumbs, title, description and primary action. Plain
 * elements with one class each (PageHeader.module.css), not Mantine's Breadcrumbs, Title, Text and
 * Group: it is on every page, and its description is often the phone's largest paint.
 */
export function PageHeader({ title, description, actions, crumbs }: PageHeaderProps) {
  const { pathname } = useLocation();
  const trail = crumbs ?? breadcrumbs(pathname);
  return (
    <div className={classes.header}>
      {trail.length > 0 && (
        <nav className={classes.crumbs} aria-label={t("admin.shell.breadcrumbs")}>
          {trail.map((c, i) => {
            const last = i === trail.length - 1;
            return (
              <Fragment key={i}>
                {i > 0 && (
                  <span className={classes.separator} aria-hidden>
                    /
                  </span>
                )}
                {c.href ? (
                  <Link className={classes.crumbLink} to={localePath(c.href, pathname)}>
                    {c.label}
                  </Link>
                ) : (
                  <span
                    className={last ? classes.crumbCurrent : classes.crumbPlain}
                    aria-current={last ? "page" : undefined}
                  >
                    {c.label}
                  </span>
                )}
              </Fragment>
            );
          })}
        </nav>
      )}
      <div className={classes.row}>
        <div className={classes.titleBox}>
          <h1 className={classes.title}>{title}</h1>
          {description && <p className={classes.description}>{description}</p>}
        </div>
        {actions && <div className={classes.actions}>{actions}</div>}
      </div>
    </div>
  );
}
