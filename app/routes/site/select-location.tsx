import { Loader, UnstyledButton } from "@mantine/core";
import { IconArrowRight, IconCheck, IconMapPin, IconMapPinOff } from "@tabler/icons-react";
import { useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { safeBackPath } from "~/components/site/navbar-logic";
import { useLocalePath } from "~/components/site/useLocalePath";
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
  const navigate = useNavigate();
  const { lp } = useLocalePath();
  const [params] = useSearchParams();
  const back = safeBackPath(params.get("back"));
  const [pending, setPending] = useState<number | null>(null);

  const pick = async (id: number) => {
    setPending(id);
    try {
      await chooseCity(id);
      navigate(lp("/select-studio") + (back ? `?back=${encodeURIComponent(back)}` : ""));
    } finally {
      setPending(null);
    }
  };

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
            {cities.map((c, i) => {
              const selected = c.id === chosen;
              return (
                <li key={c.id}>
                  <div className={classes.card} data-selected={selected || undefined}>
                    <div className={classes.image}>
                      {c.image && (
                        // On a phone only the first card shows before scrolling: the others load lazily.
                        <img src={c.image} alt="" width={800} height={500} loading={i > 0 ? "lazy" : undefined} />
                      )}
                      {selected && (
                        <span className={classes.badge}>
                          <IconCheck size={14} stroke={2.2} aria-hidden />
                          {t("location.chosen")}
                        </span>
                      )}
                    </div>
                    <div className={classes.body}>
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
                      <UnstyledButton className={classes.action} onClick={() => pick(c.id)} disabled={pending !== null}>
                        {t("location.continue")}
                        <span className="visually-hidden"> · {c.name}</span>
                        {pending === c.id ? (
                          <Loader size={14} color="brand" />
                        ) : (
                          <IconArrowRight size={16} stroke={1.8} aria-hidden />
                        )}
                      </UnstyledButton>
                    </div>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </div>
  );
}
