/**
 * The loader part shared by the pages over a period (/admin/dashboard, /admin/reports, /admin/coach-pay):
 * the page's guard and permission, the period of its URL (`periodFromUrl`, domain/reports/period.ts)
 * with the reason a bad one was replaced, the quick periods and the studios of the filter.
 * It lives here, beside the pages' other guards, not in the domain: it checks a page's access.
 */
import type { AppLoadContext } from "react-router";
import type { Permission } from "~/shared/permissions";
import { publicReads } from "~/.server/domain/content/public-reads";
import { periodFromUrl, quickPeriods } from "~/.server/domain/reports/period";
import { requireAdminPage } from "./page";

export async function periodPageLoader(args: { request: Request; context: AppLoadContext }, permission: Permission) {
  requireAdminPage(args, { permission });
  const { deps } = args.context;
  const now = deps.clock();
  const { period, error } = periodFromUrl(args.request.url, now);
  const studios = await publicReads(deps).allStudios();
  return {
    /** The resolved period, for the page's own figures. */
    period,
    now,
    page: {
      period: { from: period.from, to: period.to, studio_id: period.studioId },
      error,
      quick: quickPeriods(now),
      studios: studios.map((s) => ({ value: String(s.id), label: s.name })),
    },
  };
}
