import { Badge, Button, Group, SimpleGrid, Text } from "@mantine/core";
import { Link } from "react-router";
import { useLocalePath } from "~/components/site/useLocalePath";
import { Img } from "~/components/site/content/Img";
import { t } from "~/lib/messages";
import classes from "~/components/booking/booking.module.css";
import { listSessionTypes } from "~/.server/domain/places/service";
import type { Route } from "./+types/our-sessions";

/** `/our-sessions`: the class types, each with its length and intensity, and a way to the calendar. */
export async function loader({ context }: Route.LoaderArgs) {
  return { types: await listSessionTypes(context.deps.db) };
}

export const meta: Route.MetaFunction = () => [
  { title: `${t("booking.pages.ourSessionsTitle")} · ${t("app.name")}` },
  { name: "description", content: t("booking.pages.ourSessionsIntro") },
];

export default function OurSessions({ loaderData }: Route.ComponentProps) {
  const { lp } = useLocalePath();
  return (
    <div className={classes.page}>
      <div className={classes.inner}>
        <p className={classes.eyebrow}>{t("booking.pages.calendarEyebrow")}</p>
        <h1 className={classes.title}>{t("booking.pages.ourSessionsTitle")}</h1>
        <Text c="dimmed" mb="xl" maw={620}>
          {t("booking.pages.ourSessionsIntro")}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {loaderData.types.map((ty, i) => (
            <article key={ty.id} className={classes.mapCard} style={{ borderTop: `6px solid ${ty.color}` }}>
              {ty.image_url && (
                <Img
                  src={ty.image_url}
                  sizes="(min-width: 1200px) 380px, (min-width: 768px) 50vw, 100vw"
                  alt=""
                  width={640}
                  height={360}
                  lazy={i > 0}
                  fetchPriority={i === 0 ? "high" : undefined}
                  style={{
                    display: "block",
                    width: "100%",
                    height: "auto",
                    aspectRatio: "16 / 9",
                    objectFit: "cover",
                    borderRadius: 8,
                    marginBottom: 12,
                  }}
                />
              )}
              <h2 style={{ margin: "0 0 8px", fontSize: 22 }}>{ty.name}</h2>
              <Group gap={6} mb="sm">
                <Badge variant="light" color="grape">
                  {t("booking.pages.minutes", { count: ty.duration_minutes })}
                </Badge>
                <Badge variant="light" color="gray">
                  {t("booking.pages.intensity", { level: ty.intensity })}
                </Badge>
              </Group>
              <Text size="sm" mb="md">
                {ty.description}
              </Text>
              <Button component={Link} to={lp("/calendar")} radius="xl" variant="outline">
                {t("booking.pages.seeCalendar")}
              </Button>
            </article>
          ))}
        </SimpleGrid>
      </div>
    </div>
  );
}
