import { SoftBadge } from "~/components/admin/kit";
import { t } from "~/lib/messages";

const COLORS = { uploading: "gray", processing: "blue", ready: "teal", failed: "red" } as const;
export type VideoStatus = keyof typeof COLORS;

/** A video's processing state as a soft badge (readable contrast on every colour). */
export function VideoStatusBadge({ status }: { status: VideoStatus }) {
  return <SoftBadge color={COLORS[status]}>{t(`onDemandAdmin.status.${status}`)}</SoftBadge>;
}
