import { Paper, Select, Stack } from "@mantine/core";
import { useEffect, useState } from "react";
import { QrCheckIn } from "~/components/booking/QrCheckIn";
import { PageHeader } from "~/components/admin/kit";
import { t } from "~/lib/messages";
import { requireDoorPage, requireScannerPage } from "../.server/page";
import { listAllStudios } from "~/.server/domain/places/service";
import type { Route } from "./+types/door";

const KEY = "nb-door-studio";

/** `/admin/qr-door-page` (door staff) and `/admin/assistqr` (scanner staff): check anyone in with a
 * reservation today; the door remembers its studio on this device. */
export async function loader(args: Route.LoaderArgs) {
  const door = new URL(args.request.url).pathname.endsWith("qr-door-page");
  if (door) requireDoorPage(args);
  else requireScannerPage(args);
  const studios = (await listAllStudios(args.context.deps.db)).filter((s) => s.active && !s.is_external);
  return { door, studios: studios.map((s) => ({ value: String(s.id), label: s.name })) };
}

export const meta = () => [{ title: `${t("booking.scanner.title")} · ${t("app.name")}` }];

export default function DoorPage({ loaderData }: Route.ComponentProps) {
  const [studio, setStudio] = useState<string | null>(null);
  useEffect(() => setStudio(window.localStorage.getItem(KEY)), []);
  return (
    <Stack>
      <PageHeader
        title={loaderData.door ? t("booking.scanner.doorTitle") : t("booking.scanner.title")}
        description={loaderData.door ? t("booking.scanner.doorIntro") : t("booking.scanner.anyClass")}
      />
      <Paper withBorder radius="md" p="md" maw={560}>
        <Stack>
          <Select
            label={t("booking.scanner.studio")}
            placeholder={t("booking.scanner.studioPlaceholder")}
            data={loaderData.studios}
            value={studio}
            onChange={(v) => {
              setStudio(v);
              if (v) window.localStorage.setItem(KEY, v);
            }}
          />
          <QrCheckIn studioId={studio ? Number(studio) : null} />
        </Stack>
      </Paper>
    </Stack>
  );
}
