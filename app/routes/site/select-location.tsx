import { IconMapPin, IconMapPinOff } from "@tabler/icons-react";
import { PickCard, useLocationPick, withBack } from "~/components/site/location/LocationPicker";
import { useLocationChoice, useRootData } from "~/lib/app-state";
import { t } from "~/lib/messages";
import type { Route } from "./+types/select-location";
import classes from "~/components/site/location/Location.module.css";
import { publicReads } from "~/.server/domain/content/public-reads";

/** Cities with how many studios each has (external studios are not counted) and a picture. */
export async function loader({ context }: Route.LoaderArgs) {
  const reads = publicReads(context.deps);
  const [cities, studios] = await Promise.all([reads.cities().catch(() => []), reads.allStudios().catch(() => [])]);
  return {
    cities: cities.map((c) => {
      const own = studios.filter((s) => s.city_id === c.id && !s.is_external);
      return {
        id: c.id,
        name: c.name,
        suffix: c.suffix,
        studioCount: own.length,
        image: own.find((s) => s.image_url)?.image_url ?? null,
        address: own.length === 1 ? own[0].address : null,
      };
    }),
  };
}

export function meta() {
  return [
    { title: t("site.meta.selectLocationTitle") },
    { name: "description", content: t("site.meta.selectLocationDescription") },
  ];
}

export default function SelectLocation({ loaderData }: Route.ComponentProps) {
  const { cities } = loaderData;
  const { city: chosen } = useRootData();
  const { chooseCity } = useLocationChoice();
  const picker = useLocationPick(chooseCity, (back, lp) => withBack(lp("/select-studio"), back));

  return (
    <div className={classes.page}>
      <div className={classes.inner}>
        <header className={classes.header}>
          <p className={classes.step}>{t("site.location.stepCity")}</p>
          <h1 className={classes.title}>{t("location.selectCityTitle")}</h1>
          <p className={classes.subtitle}>{t("location.selectCitySubtitle")}</p>
        </header>

        {cities.length === 0 ? (
          <div className={classes.empty}>
            <span className={classes.emptyIcon} aria-hidden>
              <IconMapPinOff size={28} stroke={1.5} />
            </span>
            <p className={classes.emptyText}>{t("site.location.noCities")}</p>
          </div>
        ) : (
          <ul className={classes.grid} aria-label={t("site.location.cityList")}>
            {cities.map((c, i) => (
              <PickCard
                key={c.id}
                id={c.id}
                name={c.name}
                index={i}
                image={c.image}
                imageAlt=""
                selected={c.id === chosen}
                picker={picker}
              >
                <div className={classes.nameRow}>
                  <h2 className={classes.name}>{c.name}</h2>
                  {c.suffix && <span className={classes.suffix}>{c.suffix}</span>}
                </div>
                <p className={classes.meta}>
                  <IconMapPin size={16} stroke={1.6} aria-hidden />
                  {c.studioCount === 1
                    ? t("location.studioCount")
                    : t("location.studiosCount", { count: c.studioCount })}
                </p>
              </PickCard>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
