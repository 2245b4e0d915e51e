import { formatPhone, phoneHref } from "~/shared/mexico/phone";
import { Button } from "@mantine/core";
import { IconArrowLeft, IconBuildingStore, IconMapPin, IconPhone } from "@tabler/icons-react";
import { Link, redirect } from "react-router";
import { PickCard, useLocationPick, withBack } from "~/components/site/location/LocationPicker";
import { useLocationChoice, useRootData } from "~/lib/app-state";
import { t } from "~/lib/messages";
import { localePath } from "~/lib/routes";
import type { Route } from "./+types/select-studio";
import classes from "~/components/site/location/Location.module.css";
import { requireGuards } from "~/.server/pages/guard";
import { parseId } from "~/.server/http/cookies";
import { findCity } from "~/.server/domain/places/service";
import { publicReads } from "~/.server/domain/content/public-reads";

/** Needs a chosen city (spec §4 `citySelected`); lists its studios, external ones hidden. */
export async function loader(args: Route.LoaderArgs) {
  requireGuards(args, ["citySelected"]);
  const db = args.context.deps.db;
  const cityId = parseId(args.context.cookies.city);
  const city = cityId ? await findCity(db, cityId) : null;
  if (!city) {
    const url = new URL(args.request.url);
    throw redirect(localePath("/select-location", url.pathname) + url.search);
  }
  const studios = (
    await publicReads(args.context.deps)
      .studiosByCity(city.id)
      .catch(() => [])
  ).filter((s) => !s.is_external);
  return {
    city: { id: city.id, name: city.name, suffix: city.suffix },
    studios: studios.map((s) => ({
      id: s.id,
      name: s.name,
      address: s.address,
      phone: s.phone,
      image_url: s.image_url,
      is_marketplace: s.is_marketplace,
    })),
  };
}

export function meta() {
  return [
    { title: t("site.meta.selectStudioTitle") },
    { name: "description", content: t("site.meta.selectStudioDescription") },
  ];
}

export default function SelectStudio({ loaderData }: Route.ComponentProps) {
  const { city, studios } = loaderData;
  const { studio: chosen } = useRootData();
  const { chooseStudio } = useLocationChoice();
  const picker = useLocationPick(chooseStudio, (back, lp) => (back ? lp(back) : lp("/calendar")));
  const { lp } = picker;
  const changeCity = withBack(lp("/select-location"), picker.back);

  return (
    <div className={classes.page}>
      <div className={classes.inner}>
        <header className={classes.header}>
          <p className={classes.step}>{t("site.location.stepStudio")}</p>
          <h1 className={classes.title}>{t("location.selectStudioTitle")}</h1>
          <p className={classes.subtitle}>{t("location.selectStudioSubtitle", { city: city.name })}</p>
          <Link to={changeCity} className={classes.back}>
            <IconArrowLeft size={14} stroke={1.8} aria-hidden />
            {t("location.changeCity")}
          </Link>
        </header>

        {studios.length === 0 ? (
          <div className={classes.empty}>
            <span className={classes.emptyIcon} aria-hidden>
              <IconBuildingStore size={28} stroke={1.5} />
            </span>
            <h2 className={classes.emptyTitle}>{t("location.noStudios")}</h2>
            <p className={classes.emptyText}>{t("site.location.noStudiosHint")}</p>
            <div className={classes.emptyActions}>
              <Button component={Link} to={changeCity} variant="outline">
                {t("location.changeCity")}
              </Button>
              <Button component={Link} to={lp("/on-demand")}>
                {t("nav.nucleoHome")}
              </Button>
            </div>
          </div>
        ) : (
          <ul className={classes.grid} aria-label={t("site.location.studioList", { city: city.name })}>
            {studios.map((s, i) => (
              <PickCard
                key={s.id}
                id={s.id}
                name={s.name}
                index={i}
                image={s.image_url}
                imageAlt={t("site.location.studioImageAlt", { studio: s.name })}
                selected={s.id === chosen}
                badges={
                  s.is_marketplace && (
                    <span className={classes.badge} data-tone="accent">
                      {t("site.location.marketplace")}
                    </span>
                  )
                }
                picker={picker}
              >
                <h2 className={classes.name}>{s.name}</h2>
                <p className={classes.meta}>
                  <IconMapPin size={16} stroke={1.6} aria-hidden />
                  {s.address}
                </p>
                {s.phone && (
                  <p className={classes.meta}>
                    <IconPhone size={16} stroke={1.6} aria-hidden />
                    <span>
                      <span className="visually-hidden">{t("site.location.phone")}: </span>
                      <a href={phoneHref(s.phone)} className={classes.phone}>
                        {formatPhone(s.phone)}
                      </a>
                    </span>
                  </p>
                )}
              </PickCard>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
