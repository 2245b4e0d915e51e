import { Paper, Stack, Text, Title } from "@mantine/core";
import { AvatarUpload } from "~/components/profile/AvatarUpload";
import { ChangePasswordForm } from "~/components/profile/ChangePasswordForm";
import { ProfileForm } from "~/components/profile/ProfileForm";
import { HomeStudioForm } from "~/components/profile/HomeStudioForm";
import { FiscalDataForm } from "~/components/profile/FiscalDataForm";
import { t } from "~/lib/messages";
import type { Route } from "./+types/settings";
import { requireGuards } from "~/.server/pages/guard";
import { profileOf } from "~/.server/domain/profile/service";
import { publicReads } from "~/.server/domain/content/public-reads";
import { fiscalProfileOf } from "~/.server/domain/invoicing/service";

export async function loader(args: Route.LoaderArgs) {
  const auth = requireGuards(args, ["customer"]);
  const reads = publicReads(args.context.deps);
  const [cities, studios] = await Promise.all([reads.cities().catch(() => []), reads.allStudios().catch(() => [])]);
  const homeStudio = {
    current: auth.user!.homeStudioId,
    cities: cities
      .map((c) => ({
        name: c.name,
        studios: studios.filter((s) => s.city_id === c.id && !s.is_external).map((s) => ({ id: s.id, name: s.name })),
      }))
      .filter((c) => c.studios.length > 0),
  };
  const fiscal = await fiscalProfileOf(args.context.deps.db, auth.user!.id);
  return { profile: profileOf(auth.user!), homeStudio, fiscal };
}

export const meta: Route.MetaFunction = () => [{ title: `${t("auth.profile.settings.title")} · ${t("app.name")}` }];

function Section({ title, subtitle, children }: { title: string; subtitle?: string; children: React.ReactNode }) {
  return (
    <Paper withBorder radius="lg" p={{ base: "md", sm: "xl" }} bg="white" component="section">
      <Stack gap="md">
        <div>
          <Title order={2} fz={{ base: 18, sm: 20 }}>
            {title}
          </Title>
          {subtitle ? (
            <Text size="sm" c="dimmed" mt={4}>
              {subtitle}
            </Text>
          ) : null}
        </div>
        {children}
      </Stack>
    </Paper>
  );
}

/** Mis Datos: photo, personal data (email read-only) and the password, each saved on its own. */
export default function ProfileSettings({ loaderData }: Route.ComponentProps) {
  const p = loaderData.profile;
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {t("auth.profile.settings.title")}
        </Title>
        <Text c="dimmed" mt={4}>
          {t("auth.profile.settings.subtitle")}
        </Text>
      </div>
      <Section title={t("auth.profile.settings.photoTitle")}>
        <AvatarUpload avatarUrl={p.avatar_url} name={p.name} />
      </Section>
      <Section title={t("auth.profile.settings.dataTitle")}>
        <ProfileForm key={`${p.name}|${p.last_name}|${p.phone}|${p.birth_date}`} initial={p} />
      </Section>
      <Section
        title={t("auth.profile.settings.homeStudioTitle")}
        subtitle={t("auth.profile.settings.homeStudioSubtitle")}
      >
        <HomeStudioForm key={loaderData.homeStudio.current ?? 0} {...loaderData.homeStudio} />
      </Section>
      <Section title={t("invoicing.fiscal.title")} subtitle={t("invoicing.fiscal.subtitle")}>
        <FiscalDataForm key={loaderData.fiscal?.rfc ?? ""} initial={loaderData.fiscal} />
      </Section>
      <Section title={t("auth.profile.settings.passwordTitle")} subtitle={t("auth.profile.settings.passwordSubtitle")}>
        <ChangePasswordForm wide />
      </Section>
    </Stack>
  );
}
