import { BarChart } from "~/components/admin/reports/Chart";
import { FigureTable } from "~/components/admin/reports/FigureTable";
import { ReportSection, Stat } from "~/components/admin/reports/Stat";
import { EmptyState } from "@mantine/core";
import { IconHistory } from "@tabler/icons-react";
import { Suspense } from "react";
import { Await, Link, useLocation } from "react-router";
import { AuditList } from "~/components/admin/AuditList";
// From the modules, not the kit's index: the index would bring the whole kit (tables, forms, zod)
// into the first page after login.
import { AdminErrorBoundary } from "~/components/admin/kit/ErrorPage";
import { formatNumber } from "~/components/admin/kit/format";
import { PageHeader } from "~/components/admin/kit/PageHeader";
import { PeriodFilter } from "~/components/admin/reports/PeriodFilter";
import classes from "~/components/admin/reports/Reports.module.css";
import { t } from "~/lib/messages";
import { localePath } from "~/lib/routes";
import { formatMoney } from "~/shared/mexico/money";
import { formatCalendarDate } from "~/shared/mexico/time";
import type { Route } from "./+types/dashboard";
import { periodPageLoader } from "./.server/period-page";
import { dashboard } from "~/.server/domain/people/dashboard";
import { dashboardFigures } from "~/.server/domain/reports/dashboard";
import { SALE_KINDS } from "~/shared/sale-kinds";

/** /admin/dashboard: the period's figures (issue 22) from the same domain read as GET /api/admin/dashboard. */
export async function loader(args: Route.LoaderArgs) {
  const { period, now, page } = await periodPageLoader(args, "dashboard.read");
  const { db } = args.context.deps;
  // The figures stream in after the page's frame (header, period filter): on a phone the heading is
  // drawn while the period's queries run, instead of after them.
  const figures = Promise.all([dashboardFigures(db, period, now), dashboard(db)]).then(([f, { counts, recent }]) => ({
    ...f,
    counts,
    recent,
  }));
  return { figures, period: page.period, error: page.error, quick: page.quick, studios: page.studios };
}

export const meta = () => [{ title: `${t("reports.dashboard.title")} · ${t("app.name")}` }];
export const ErrorBoundary = AdminErrorBoundary;

type Data = Awaited<Route.ComponentProps["loaderData"]["figures"]>;

/** Accessible colours of the theme for the kinds of sale (contrast on white). */
const KIND_COLOR: Record<(typeof SALE_KINDS)[number], string> = {
  packs: "brand.7",
  plans: "teal.8",
  store: "orange.8",
  certifications: "violet.7",
  gift_cards: "gray.7",
};

const pct = (n: number) => t("reports.dashboard.percent", { n: formatNumber(n) });

function Sales({ d }: { d: Data }) {
  const s = d.sales;
  const from = formatCalendarDate(d.period.from);
  const to = formatCalendarDate(d.period.to);
  const summary = t("reports.dashboard.salesByDayChart", { from, to, total: s.display_total });
  return (
    <ReportSection id="sales-title" title={t("reports.dashboard.salesTitle")}>
      <div className={classes.figuresMd}>
        <Stat label={t("reports.dashboard.salesToday")} value={s.display_today} />
        <Stat label={t("reports.dashboard.salesWeek")} value={s.display_week} />
        <Stat label={t("reports.dashboard.salesMonth")} value={s.display_month} />
        <Stat
          label={t("reports.dashboard.salesPeriod")}
          value={s.display_total}
          hint={`${t("reports.dashboard.ordersCount", { n: s.orders })} · ${t("reports.dashboard.refunded")}: ${s.display_refunded}`}
        />
      </div>
      <h3 className={classes.chartTitle}>{t("reports.dashboard.salesByDay")}</h3>
      <div role="img" aria-label={summary}>
        <BarChart
          h={240}
          data={s.daily}
          dataKey="label"
          stacked
          withLegend
          valueFormatter={formatMoney}
          axisWidth={90}
          series={SALE_KINDS.map((k) => ({ name: k, label: t(`reports.kinds.${k}`), color: KIND_COLOR[k] }))}
        />
      </div>
      <FigureTable
        onDemand={{ title: t("reports.dashboard.salesByDay") }}
        caption={`${t("reports.dashboard.chartTable")}: ${summary}`}
        head={[
          t("reports.dashboard.day"),
          ...SALE_KINDS.map((k) => t(`reports.kinds.${k}`)),
          t("reports.dashboard.total"),
        ]}
        rows={s.daily.map((r) => [r.label, ...SALE_KINDS.map((k) => formatMoney(r[k])), formatMoney(r.total)])}
      />
      <div className={classes.tables}>
        <FigureTable
          caption={t("reports.dashboard.salesByKind")}
          head={[
            t("reports.dashboard.kind"),
            t("reports.dashboard.period"),
            t("reports.dashboard.today"),
            t("reports.dashboard.week"),
            t("reports.dashboard.month"),
          ]}
          rows={s.by_kind.map((k) => [k.label, k.display, k.display_today, k.display_week, k.display_month])}
        />
        {s.by_studio.length ? (
          <FigureTable
            caption={t("reports.dashboard.salesByStudio")}
            head={[
              t("reports.dashboard.studio"),
              t("reports.dashboard.period"),
              t("reports.dashboard.today"),
              t("reports.dashboard.week"),
              t("reports.dashboard.month"),
            ]}
            rows={s.by_studio.map((r) => [r.studio, r.display, r.display_today, r.display_week, r.display_month])}
          />
        ) : (
          <p className={classes.note}>{t("reports.dashboard.noSales")}</p>
        )}
      </div>
    </ReportSection>
  );
}

function Bookings({ d }: { d: Data }) {
  const b = d.bookings;
  const summary = t("reports.dashboard.occupancyByDayChart", {
    from: formatCalendarDate(d.period.from),
    to: formatCalendarDate(d.period.to),
    pct: pct(b.totals.occupancy_pct),
  });
  const head = [
    t("reports.dashboard.classes"),
    t("reports.dashboard.capacity"),
    t("reports.dashboard.booked"),
    t("reports.dashboard.occupancy"),
    t("reports.dashboard.attended"),
    t("reports.dashboard.noShows"),
    t("reports.dashboard.lateCancels"),
    t("reports.dashboard.waitlist"),
  ];
  const cells = (r: (typeof b.by_studio)[number] | (typeof b.by_class)[number]) => [
    formatNumber(r.classes),
    formatNumber(r.capacity),
    formatNumber(r.booked),
    pct(r.occupancy_pct),
    formatNumber(r.attended),
    formatNumber(r.no_shows),
    formatNumber(r.late_cancels),
    formatNumber(r.waitlist),
  ];
  return (
    <ReportSection id="bookings-title" title={t("reports.dashboard.bookingsTitle")}>
      <div className={classes.figures}>
        <Stat
          label={t("reports.dashboard.occupancy")}
          value={pct(b.totals.occupancy_pct)}
          hint={`${formatNumber(b.totals.booked)} / ${formatNumber(b.totals.capacity)}`}
        />
        <Stat label={t("reports.dashboard.classes")} value={formatNumber(b.totals.classes)} />
        <Stat label={t("reports.dashboard.attended")} value={formatNumber(b.totals.attended)} />
        <Stat label={t("reports.dashboard.noShows")} value={formatNumber(b.totals.no_shows)} />
        <Stat label={t("reports.dashboard.lateCancels")} value={formatNumber(b.totals.late_cancels)} />
        <Stat
          label={t("reports.dashboard.waitlist")}
          value={formatNumber(b.totals.waitlist)}
          hint={`${t("reports.dashboard.waitlistedClasses")}: ${formatNumber(b.totals.waitlisted_classes)}`}
        />
        <Stat label={t("reports.dashboard.newCustomers")} value={formatNumber(d.people.new_customers)} />
        <Stat label={t("reports.dashboard.firstVisits")} value={formatNumber(d.people.first_visits)} />
      </div>
      <h3 className={classes.chartTitle}>{t("reports.dashboard.occupancyByDay")}</h3>
      <div role="img" aria-label={summary}>
        <BarChart
          h={200}
          data={b.daily}
          dataKey="label"
          valueFormatter={pct}
          axisWidth={60}
          max={100}
          series={[{ name: "occupancy_pct", label: t("reports.dashboard.occupancy"), color: "brand.7" }]}
        />
      </div>
      <FigureTable
        onDemand={{ title: t("reports.dashboard.occupancyByDay") }}
        caption={`${t("reports.dashboard.chartTable")}: ${summary}`}
        head={[
          t("reports.dashboard.day"),
          t("reports.dashboard.classes"),
          t("reports.dashboard.booked"),
          t("reports.dashboard.occupancy"),
        ]}
        rows={b.daily.map((r) => [r.label, formatNumber(r.classes), formatNumber(r.booked), pct(r.occupancy_pct)])}
      />
      {b.by_studio.length ? (
        <div className={classes.tables} data-single>
          <FigureTable
            caption={t("reports.dashboard.byStudio")}
            head={[t("reports.dashboard.studio"), ...head]}
            rows={b.by_studio.map((r) => [r.studio, ...cells(r)])}
          />
          <FigureTable
            caption={t("reports.dashboard.byClass")}
            head={[t("reports.dashboard.classType"), ...head]}
            rows={b.by_class.map((r) => [r.name, ...cells(r)])}
          />
        </div>
      ) : (
        <p className={classes.note} style={{ marginTop: "var(--mantine-spacing-md)" }}>
          {t("reports.dashboard.noClasses")}
        </p>
      )}
    </ReportSection>
  );
}

function Credits({ d }: { d: Data }) {
  const c = d.credits;
  return (
    <ReportSection id="credits-title" title={t("reports.dashboard.creditsTitle")}>
      <p className={classes.note} style={{ marginBottom: "var(--mantine-spacing-sm)" }}>
        {t("reports.dashboard.creditsExpiring", { n: c.days })}
      </p>
      <div className={classes.figures}>
        <Stat label={t("reports.dashboard.credits")} value={formatNumber(c.credits)} />
        <Stat label={t("reports.dashboard.customers")} value={formatNumber(c.customers)} />
        <Stat label={t("reports.dashboard.inPerson")} value={formatNumber(c.in_person.credits)} />
        <Stat label={t("reports.dashboard.onDemand")} value={formatNumber(c.on_demand.credits)} />
      </div>
    </ReportSection>
  );
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const d = loaderData;
  return (
    <>
      <PageHeader
        title={t("reports.dashboard.title")}
        description={`${t("reports.dashboard.subtitle")} ${t("reports.period.summary", {
          from: formatCalendarDate(d.period.from),
          to: formatCalendarDate(d.period.to),
        })}`}
      />
      <PeriodFilter period={d.period} studios={d.studios} quick={d.quick} error={d.error} />
      <Suspense fallback={<Loading />}>
        <Await resolve={d.figures} errorElement={<FiguresError />}>
          {(figures) => <Figures d={figures} />}
        </Await>
      </Suspense>
    </>
  );
}

/** While the figures are on their way: the place they will take, said to screen readers. */
function Loading() {
  return (
    <p className={classes.loading} role="status">
      {t("reports.dashboard.loading")}
    </p>
  );
}

function FiguresError() {
  return (
    <p className={classes.loading} role="alert">
      {t("reports.dashboard.loadFailed")}
    </p>
  );
}

function Figures({ d }: { d: Data }) {
  const { pathname } = useLocation();
  return (
    <>
      <div className={classes.sections}>
        <Sales d={d} />
        <Bookings d={d} />
        <Credits d={d} />
        <div className={classes.figuresWide}>
          <Stat label={t("admin.dashboard.customers")} value={formatNumber(d.counts.customers)} />
          <Stat label={t("admin.dashboard.staff")} value={formatNumber(d.counts.staff)} />
          <Stat label={t("admin.dashboard.coaches")} value={formatNumber(d.counts.coaches)} />
          <Stat label={t("admin.dashboard.studios")} value={formatNumber(d.counts.studios)} />
          <Stat label={t("admin.dashboard.cities")} value={formatNumber(d.counts.cities)} />
        </div>
        <section className={classes.section} aria-labelledby="recent-title">
          <div className={classes.sectionHead}>
            <h2 className={classes.sectionTitle} id="recent-title">
              {t("admin.dashboard.recentActivity")}
            </h2>
            <Link className={classes.link} to={localePath("/admin/audit", pathname)}>
              {t("admin.dashboard.seeAll")}
            </Link>
          </div>
          {d.recent.length ? (
            <AuditList entries={d.recent} />
          ) : (
            <EmptyState py="lg" icon={<IconHistory size={26} aria-hidden />} title={t("admin.dashboard.noActivity")} />
          )}
        </section>
      </div>
    </>
  );
}
