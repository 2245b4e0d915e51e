import { Alert, Anchor, Button, Group, Paper, Select, SimpleGrid, Text, TextInput } from "@mantine/core";
import { Form, Link, useLocation } from "react-router";
import { t } from "~/lib/messages";

export interface PeriodView {
  from: string;
  to: string;
  studio_id: number | null;
}

type Quick = Record<"today" | "week" | "month" | "last30", { from: string; to: string }>;

/** The period filter of the manager's pages: two local days, a studio (optional), quick periods. */
export function PeriodFilter(props: {
  period: PeriodView;
  studios?: { value: string; label: string }[];
  quick: Quick;
  error?: string | null;
}) {
  const { pathname } = useLocation();
  const { period, studios, quick } = props;
  const studioParam = period.studio_id ? `&studio_id=${period.studio_id}` : "";
  return (
    <Paper withBorder p="md" radius="md" mb="lg">
      {props.error && (
        <Alert color="red" variant="light" mb="sm" role="alert">
          {props.error}
        </Alert>
      )}
      <Form method="get" key={`${period.from}:${period.to}:${period.studio_id ?? ""}`}>
        <SimpleGrid cols={{ base: 2, sm: studios ? 4 : 3 }} spacing="sm">
          <TextInput type="date" name="from" label={t("reports.period.from")} defaultValue={period.from} required />
          <TextInput type="date" name="to" label={t("reports.period.to")} defaultValue={period.to} required />
          {studios && (
            <Select
              name="studio_id"
              label={t("reports.period.studio")}
              data={studios}
              defaultValue={period.studio_id ? String(period.studio_id) : null}
              placeholder={t("reports.allStudios")}
              clearable
            />
          )}
          <Button type="submit" mt={{ base: 0, sm: 24 }}>
            {t("reports.period.apply")}
          </Button>
        </SimpleGrid>
      </Form>
      <Group gap="md" mt="sm" component="nav" aria-label={t("reports.period.presets")}>
        <Text size="sm" c="dimmed">
          {t("reports.period.presets")}:
        </Text>
        {(["today", "week", "month", "last30"] as const).map((k) => (
          <Anchor
            key={k}
            component={Link}
            size="sm"
            to={`${pathname}?from=${quick[k].from}&to=${quick[k].to}${studioParam}`}
          >
            {t(`reports.period.${k}`)}
          </Anchor>
        ))}
      </Group>
    </Paper>
  );
}
