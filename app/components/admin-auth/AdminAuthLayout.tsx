import { Paper } from "@mantine/core";
import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { t } from "~/lib/messages";
import { localePath, ROUTES } from "~/lib/routes";
import classes from "./AdminAuthLayout.module.css";

/** The studio's mark: the initial on a rounded square, as in the favicon. */
function Mark() {
  return (
    <svg className={classes.mark} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#fff" />
      <text
        x="32"
        y="44"
        fontFamily="'Playfair Display', Georgia, serif"
        fontSize="36"
        fill="#883943"
        textAnchor="middle"
      >
        N
      </text>
    </svg>
  );
}

/** Layout admin-auth (spec §2): the brand background, the logo and one centred card; no public navbar. */
export function AdminAuthLayout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <div className={classes.page}>
      <main id="contenido" className={classes.column}>
        <Link to={localePath(ROUTES.index, pathname)} className={classes.brand} aria-label={t("app.name")}>
          <Mark />
          <span className={classes.wordmark}>
            {t("app.name")}
            <span className={classes.area}>{t("adminAuth.layout.area")}</span>
          </span>
        </Link>
        <Paper className={classes.card} radius="lg" shadow="xl" p={{ base: "lg", xs: "xl" }}>
          {children}
        </Paper>
        <footer className={classes.footer}>
          <Link to={localePath(ROUTES.index, pathname)}>{t("adminAuth.layout.backToSite")}</Link>
          <span>{t("footer.rights", { year: new Date().getFullYear(), name: t("app.name") })}</span>
        </footer>
      </main>
    </div>
  );
}
