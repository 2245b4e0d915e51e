import { IconMapPin, IconMapPinOff } from "@tabler/icons-react";
import {
  PickCard,
  PickerEmpty,
  PickerPage,
  useLocationPick,
  withBack,
} from "~/components/site/location/LocationPicker";
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
    <PickerPage
      step={t("site.location.stepCity")}
      title={t("location.selectCityTitle")}
      subtitle={t("location.selectCitySubtitle")}
    >
      {cities.length === 0 ? (
        <PickerEmpty icon={<IconMapPinOff size={28} stroke={1.5} />}>
          <p className={classes.emptyText}>{t("site.location.noCities")}</p>
        </PickerEmpty>
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
                {c.studioCount === 1 ? t("location.studioCount") : t("location.studiosCount", { count: c.studioCount })}
              </p>
            </PickCard>
          ))}
        </ul>
      )}
    </PickerPage>
  );
}
