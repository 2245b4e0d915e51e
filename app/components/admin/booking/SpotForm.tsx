import { Button, Group, Paper, Text, Title } from "@mantine/core";
import { useRevalidator } from "react-router";
import { useEntityForm, useEntitySubmit } from "~/components/admin/kit";
import { SpotMap, type SpotState } from "~/components/booking/SpotMap";
import type { ApiResult } from "~/lib/api";
import { t } from "~/lib/messages";
import type { SpotLayout } from "~/shared/types/booking";

/**
 * A spot picked on the room's map and sent to the API (book on behalf, move a reservation). The
 * field's error (the server's, e.g. a spot the room lacks) and the form's message (a spot taken
 * meanwhile) show under the map; after the answer the page's data is loaded again, so the map shows
 * the spots as they are now.
 */
export function SpotForm<R>(props: {
  title: string;
  layout: SpotLayout;
  spots: SpotState[];
  /** The submit button's text once a spot is picked. */
  buttonLabel: (spot: number) => string;
  send: (spot: number) => Promise<ApiResult<R>>;
  onDone?: (data: R) => void;
  /** The server's message as a toast (default) or not (the page shows it itself, `onDone`). */
  toastSuccess?: boolean;
}) {
  const { revalidate } = useRevalidator();
  const form = useEntityForm<{ spot: number | null }>(null, { spot: null });
  const submit = useEntitySubmit(
    form,
    (v) => props.send(v.spot ?? 0),
    async (data) => {
      props.onDone?.(data);
      form.reset();
      await revalidate();
    },
    { toastSuccess: props.toastSuccess, onFailure: () => void revalidate() },
  );
  const spot = form.getValues().spot;
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} size="h4" mb="sm">
        {props.title}
      </Title>
      <form onSubmit={submit.onSubmit} noValidate>
        <SpotMap
          layout={props.layout}
          spots={props.spots}
          selected={spot}
          staff
          onPick={(n) => form.setFieldValue("spot", n)}
        />
        {[form.errors.spot, submit.error].map(
          (m, i) =>
            m && (
              <Text key={i} c="var(--mantine-color-error)" size="sm" mt="xs" role="alert">
                {m}
              </Text>
            ),
        )}
        <Group mt="md">
          <Button type="submit" disabled={!spot} loading={submit.submitting}>
            {spot ? props.buttonLabel(spot) : t("booking.admin.pickSpotFirst")}
          </Button>
        </Group>
      </form>
    </Paper>
  );
}
