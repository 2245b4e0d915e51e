import { formatPhone, phoneHref } from "~/shared/mexico/phone";
import { Anchor, Avatar, Badge, Button, EmptyState, Group, Paper, SimpleGrid, Stack, Tabs, Text } from "@mantine/core";
import {
  IconCalendarEvent,
  IconMailForward,
  IconPencil,
  IconReceipt,
  IconTicket,
  IconUser,
  IconUserCheck,
  IconUserOff,
} from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { AdminErrorBoundary, formatCalendarDate, formatDateTime, PageHeader, SoftBadge } from "~/components/admin/kit";
import { StatusBadge } from "~/components/admin/people/bits";
import { CustomerCredits } from "~/components/admin/people/CustomerCredits";
import { usePersonCommands } from "~/components/admin/people/PersonActions";
import { t } from "~/lib/messages";
import { localePath } from "~/lib/routes";
import type { Route } from "./+types/detail";
import { requireAdminPage } from "../.server/page";
import { getResource } from "~/.server/kit/resource";
import { customersResource } from "~/.server/resources/people";
import { customerCredits } from "~/.server/domain/credits/reader";

/** /admin/users/:id — a customer's profile, with tabs for credits, reservations and purchases. */
export async function loader(args: Route.LoaderArgs) {
  requireAdminPage(args);
  const { db, clock } = args.context.deps;
  const id = Number(args.params.id);
  const person = await getResource(db, customersResource, Number.isSafeInteger(id) ? id : -1);
  return { person, credits: await customerCredits(db, person.id, clock()) };
}

export const meta = ({ data }: Route.MetaArgs) => [
  { title: `${data?.person.full_name ?? t("admin.users.title")} · ${t("app.name")}` },
];
export const ErrorBoundary = AdminErrorBoundary;

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700} style={{ letterSpacing: 0.5 }}>
        {label}
      </Text>
      <Text size="sm" mt={2} style={{ overflowWrap: "anywhere" }}>
        {children}
      </Text>
    </div>
  );
}

function Pending({ icon, text }: { icon: ReactNode; text: string }) {
  return <EmptyState py="xl" icon={icon} title={t("admin.users.notAvailableYet")} description={text} />;
}

export default function CustomerDetail({ loaderData }: Route.ComponentProps) {
  const { person: p, credits } = loaderData;
  const { pathname } = useLocation();
  const cmd = usePersonCommands("/admin/users");
  return (
    <>
      <PageHeader
        title={p.full_name}
        description={p.email}
        actions={
          <>
            <Button
              component={Link}
              to={localePath(`/admin/users/edit/${p.id}`, pathname)}
              leftSection={<IconPencil size={16} aria-hidden />}
            >
              {t("admin.people.edit")}
            </Button>
            {p.active && (
              <Button
                variant="default"
                leftSection={<IconMailForward size={16} aria-hidden />}
                onClick={() => cmd.sendReset(p)}
              >
                {t("admin.people.sendResetShort")}
              </Button>
            )}
            {p.active ? (
              <Button
                variant="light"
                color="red"
                leftSection={<IconUserOff size={16} aria-hidden />}
                onClick={() => cmd.setActive(p, false)}
              >
                {t("admin.people.deactivate")}
              </Button>
            ) : (
              <Button
                variant="light"
                leftSection={<IconUserCheck size={16} aria-hidden />}
                onClick={() => cmd.setActive(p, true)}
              >
                {t("admin.people.reactivate")}
              </Button>
            )}
          </>
        }
      />
      <Paper withBorder radius="md" p={{ base: "sm", sm: "lg" }}>
        <Tabs defaultValue="profile" keepMounted={false}>
          <Tabs.List style={{ flexWrap: "wrap" }}>
            <Tabs.Tab value="profile" leftSection={<IconUser size={16} aria-hidden />}>
              {t("admin.users.profile")}
            </Tabs.Tab>
            <Tabs.Tab value="credits" leftSection={<IconTicket size={16} aria-hidden />}>
              {t("admin.users.credits")}
            </Tabs.Tab>
            <Tabs.Tab value="reservations" leftSection={<IconCalendarEvent size={16} aria-hidden />}>
              {t("admin.users.reservations")}
            </Tabs.Tab>
            <Tabs.Tab value="purchases" leftSection={<IconReceipt size={16} aria-hidden />}>
              {t("admin.users.purchases")}
            </Tabs.Tab>
          </Tabs.List>

          <Tabs.Panel value="profile" pt="lg">
            <Stack gap="lg">
              <Group gap="md" wrap="nowrap">
                <Avatar radius="xl" size={56} color="brand" alt={p.full_name}>
                  {p.name.charAt(0).toUpperCase()}
                </Avatar>
                <div style={{ minWidth: 0 }}>
                  <Text fw={600}>{p.full_name}</Text>
                  <Group gap={6} mt={4}>
                    <StatusBadge active={p.active} />
                    <SoftBadge color={p.email_verified ? "teal" : "yellow"}>
                      {p.email_verified ? t("admin.people.verified") : t("admin.people.notVerified")}
                    </SoftBadge>
                    {p.is_tester && (
                      <Badge color="gray.8" c="gray.8" variant="outline">
                        {t("admin.people.tester")}
                      </Badge>
                    )}
                  </Group>
                </div>
              </Group>
              <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg" verticalSpacing="md">
                <Field label={t("admin.people.name")}>{p.name}</Field>
                <Field label={t("admin.people.lastName")}>{p.last_name || "—"}</Field>
                <Field label={t("admin.people.email")}>{p.email}</Field>
                <Field label={t("admin.people.phone")}>
                  {p.phone ? <Anchor href={phoneHref(p.phone)}>{formatPhone(p.phone)}</Anchor> : "—"}
                </Field>
                <Field label={t("admin.people.birthDate")}>{formatCalendarDate(p.birth_date)}</Field>
                <Field label="ID">#{p.id}</Field>
                <Field label={t("admin.people.createdAt")}>{formatDateTime(p.created_at)}</Field>
                <Field label={t("admin.people.lastLogin")}>
                  {formatDateTime(p.last_login_at, { fallback: t("admin.people.never") })}
                </Field>
              </SimpleGrid>
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="credits" pt="lg">
            <CustomerCredits credits={credits} />
          </Tabs.Panel>
          <Tabs.Panel value="reservations" pt="lg">
            <Pending icon={<IconCalendarEvent size={26} aria-hidden />} text={t("admin.users.reservationsEmpty")} />
          </Tabs.Panel>
          <Tabs.Panel value="purchases" pt="lg">
            <Pending icon={<IconReceipt size={26} aria-hidden />} text={t("admin.users.purchasesEmpty")} />
          </Tabs.Panel>
        </Tabs>
      </Paper>
    </>
  );
}
