import { Button, Drawer, NumberInput, Stack } from "@mantine/core";
import { Form, useNavigation } from "react-router";
import type { BookingPolicy } from "~/.server/domain/booking/policies";
import { t } from "~/lib/messages";

/** The studio's booking policies: when booking opens and closes, cancellation, no-show, waitlist, reminder. */
export function PolicyDrawer({
  opened,
  onClose,
  studioId,
  policy: P,
}: {
  opened: boolean;
  onClose: () => void;
  studioId: number;
  policy: BookingPolicy;
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <Drawer opened={opened} onClose={onClose} position="right" title={t("booking.calendar.policies")}>
      <Form method="post" onSubmit={onClose}>
        <input type="hidden" name="intent" value="policy" />
        <input type="hidden" name="studio_id" value={studioId} />
        <Stack>
          <NumberInput
            name="opens"
            label={t("booking.calendar.opensDays")}
            min={0}
            max={90}
            defaultValue={P.bookingOpensDays}
          />
          <NumberInput
            name="cutoff"
            label={t("booking.calendar.cutoff")}
            min={0}
            defaultValue={P.bookingCutoffMinutes}
          />
          <NumberInput
            name="cancel"
            label={t("booking.calendar.cancelCutoff")}
            min={0}
            defaultValue={P.cancelCutoffMinutes}
          />
          <NumberInput
            name="noshow"
            label={t("booking.calendar.noShow")}
            min={0}
            defaultValue={P.noShowWindowMinutes}
          />
          <NumberInput name="wlmax" label={t("booking.calendar.waitlistMax")} min={0} defaultValue={P.waitlistMax} />
          <NumberInput
            name="wlcut"
            label={t("booking.calendar.waitlistCutoff")}
            min={0}
            defaultValue={P.waitlistCutoffMinutes}
          />
          <NumberInput
            name="reminder"
            label={t("booking.calendar.reminder")}
            min={0}
            defaultValue={P.reminderMinutes}
          />
          <Button type="submit" loading={busy}>
            {t("booking.calendar.savePolicies")}
          </Button>
        </Stack>
      </Form>
    </Drawer>
  );
}
