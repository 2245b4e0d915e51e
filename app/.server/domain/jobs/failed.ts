/**
 * The back office's view of the job queue: failed jobs (retries exhausted) and retrying one.
 */
import { t } from "~/lib/messages";
import { AppError } from "../errors";
import { likePattern, offsetOf, type ListQuery } from "../lists";
import type { JobQueue } from "../../jobs/queue";

interface FailedJobDto {
  id: string;
  name: string;
  data: string;
  error: string;
  attempts: number;
  created_at: string;
  failed_at: string | null;
}

export async function listFailedJobs(jobs: JobQueue, q: Pick<ListQuery, "page" | "per_page" | "search">) {
  const { items, total } = await jobs.listFailed({
    limit: q.per_page,
    offset: offsetOf(q),
    pattern: q.search ? likePattern(q.search) : null,
  });
  const rows: FailedJobDto[] = items.map((j) => ({
    id: j.id,
    name: j.name,
    data: JSON.stringify(j.data ?? {}).slice(0, 500),
    error: j.error,
    attempts: j.retryCount + 1,
    created_at: j.createdOn.toISOString(),
    failed_at: j.failedOn?.toISOString() ?? null,
  }));
  return { rows, total };
}

/** Puts a failed job back in line; 404 when no failed job has that id. */
export async function retryFailedJob(jobs: JobQueue, id: string) {
  if (!(await jobs.retry(id))) throw AppError.notFound(t("jobs.notFound"));
}
