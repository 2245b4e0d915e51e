import {
  IconArrowRight,
  IconCheck,
  IconClock,
  IconHeart,
  IconMapPin,
  IconMusic,
  IconSparkles,
  IconTarget,
} from "@tabler/icons-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { useLocationChoice } from "~/lib/app-state";
import { t } from "~/lib/messages";
import { useLocalePath } from "../useLocalePath";
import { CtaButton } from "./CtaLink";
import { SectionHeading } from "./SectionHeading";
import { Img } from "../content/Img";
import { bannerPointsOf, featureItemsOf, type FeatureIcon } from "~/shared/home-lists";
import type { HomeCoach, HomeLocation, HomeSection, HomeSessionType } from "./types";
import classes from "./Home.module.css";

const ICONS: Record<FeatureIcon, typeof IconTarget> = {
  target: IconTarget,
  heart: IconHeart,
  music: IconMusic,
  sparkles: IconSparkles,
};

const str = (v: unknown) => (typeof v === "string" ? v : "");

function SectionLink({
  href,
  label,
  tone = "dark",
}: {
  href: string | null;
  label: string | null;
  tone?: "dark" | "light";
}) {
  const { lp } = useLocalePath();
  if (!href || !label) return null;
  const to = href.startsWith("/") && !href.startsWith("//") ? lp(href) : href;
  return (
    <Link to={to} className={classes.textLink} data-tone={tone}>
      {label}
      <IconArrowRight size={16} stroke={1.8} aria-hidden />
    </Link>
  );
}

export function HeroSection({
  section,
  minutes,
  studioCount,
  cityCount,
}: {
  section: HomeSection;
  /** "50" or "45 a 50", from the class types. */
  minutes: string;
  studioCount: number;
  cityCount: number;
}) {
  const secondaryLabel = str(section.data.secondaryLabel);
  const secondaryLink = str(section.data.secondaryLink);
  return (
    <section className={classes.hero} aria-labelledby="inicio-titulo">
      <div className={classes.heroInner}>
        <div className={classes.heroText}>
          <p className={classes.eyebrow}>{t("site.home.heroEyebrow")}</p>
          <h1 id="inicio-titulo" className={classes.heroTitle}>
            {section.title}
          </h1>
          {section.subtitle && <p className={classes.heroSubtitle}>{section.subtitle}</p>}
          <div className={classes.heroActions}>
            {section.cta_link && section.cta_label && (
              <CtaButton href={section.cta_link} size="lg" className={classes.ctaPrimary}>
                {section.cta_label}
              </CtaButton>
            )}
            {secondaryLink && secondaryLabel && (
              <CtaButton href={secondaryLink} size="lg" variant="outline" className={classes.ctaSecondary}>
                {secondaryLabel}
              </CtaButton>
            )}
          </div>
          <dl className={classes.stats} aria-label={t("site.home.heroStats")}>
            {minutes !== "" && (
              <div>
                <dt>{t("site.home.heroStatMinutes")}</dt>
                <dd>{minutes}</dd>
              </div>
            )}
            {studioCount > 0 && (
              <div>
                <dt>{t("site.home.heroStatStudios")}</dt>
                <dd>{studioCount}</dd>
              </div>
            )}
            {cityCount > 0 && (
              <div>
                <dt>{t("site.home.heroStatCities")}</dt>
                <dd>{cityCount}</dd>
              </div>
            )}
          </dl>
        </div>
        {section.image_url && (
          <div className={classes.heroArt}>
            <div className={classes.heroRing} aria-hidden />
            <div className={classes.heroFrame}>
              <img
                src={section.image_url}
                alt={t("site.home.heroImageAlt")}
                width={600}
                height={720}
                fetchPriority="high"
              />
            </div>
          </div>
        )}
      </div>
    </section>
  );
}

export function FeaturesSection({ section }: { section: HomeSection }) {
  const items = featureItemsOf(section.data);
  const id = `sec-${section.key}`;
  return (
    <section className={classes.section} data-bg="cream" aria-labelledby={id}>
      <div className={classes.container}>
        <SectionHeading
          id={id}
          eyebrow={t("site.home.featuresEyebrow")}
          title={section.title}
          subtitle={section.subtitle}
          align="center"
        />
        <ul className={classes.features}>
          {items.map((item, i) => {
            const Icon = ICONS[item.icon];
            return (
              <li key={i} className={classes.feature}>
                <span className={classes.featureIcon} aria-hidden>
                  <Icon size={26} stroke={1.4} />
                </span>
                <span className={classes.featureIndex} aria-hidden />
                <h3 className={classes.featureTitle}>{item.title}</h3>
                <p className={classes.featureText}>{item.text}</p>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}

function Intensity({ level }: { level: number }) {
  const max = Math.max(3, level);
  return (
    <span className={classes.intensity} role="img" aria-label={t("site.home.intensityLevel", { n: level })}>
      {Array.from({ length: max }, (_, i) => (
        <span key={i} className={classes.intensityDot} data-on={i < level || undefined} />
      ))}
    </span>
  );
}

export function SessionTypesSection({ section, types }: { section: HomeSection; types: HomeSessionType[] }) {
  const id = `sec-${section.key}`;
  return (
    <section className={classes.section} data-bg="white" aria-labelledby={id}>
      <div className={classes.container}>
        <div className={classes.headingRow}>
          <SectionHeading
            id={id}
            eyebrow={t("site.home.classesEyebrow")}
            title={section.title}
            subtitle={section.subtitle}
          />
          <SectionLink href={section.cta_link} label={section.cta_label} />
        </div>
        {types.length === 0 ? (
          <p className={classes.empty}>{t("site.home.emptyClasses")}</p>
        ) : (
          <ul className={classes.classGrid}>
            {types.map((type) => (
              <li
                key={type.id}
                className={classes.classCard}
                style={{ "--type-color": type.color } as React.CSSProperties}
              >
                {type.image_url ? (
                  <Img
                    className={classes.classPhoto}
                    src={type.image_url}
                    sizes="(min-width: 576px) 96px, 64px"
                    alt=""
                    width={96}
                    height={96}
                    lazy
                  />
                ) : (
                  <span className={classes.classSwatch} aria-hidden />
                )}
                <h3 className={classes.classTitle}>{type.name}</h3>
                <div className={classes.classMeta}>
                  <span>
                    <IconClock size={15} stroke={1.6} aria-hidden />
                    {t("site.home.minutes", { n: type.duration_minutes })}
                  </span>
                  <Intensity level={type.intensity} />
                </div>
                <p className={classes.classText}>{type.description}</p>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

export function LocationsSection({ section, locations }: { section: HomeSection; locations: HomeLocation[] }) {
  const id = `sec-${section.key}`;
  const { lp } = useLocalePath();
  const navigate = useNavigate();
  const { chooseCity } = useLocationChoice();
  const [pending, setPending] = useState<number | null>(null);
  const bookIn = async (cityId: number) => {
    setPending(cityId);
    try {
      await chooseCity(cityId);
      navigate(lp("/select-studio"));
    } finally {
      setPending(null);
    }
  };
  return (
    <section className={classes.section} data-bg="sand" aria-labelledby={id}>
      <div className={classes.container}>
        <div className={classes.headingRow}>
          <SectionHeading
            id={id}
            eyebrow={t("site.home.locationsEyebrow")}
            title={section.title}
            subtitle={section.subtitle}
          />
          <SectionLink href={section.cta_link} label={section.cta_label} />
        </div>
        {locations.length === 0 ? (
          <p className={classes.empty}>{t("site.home.emptyLocations")}</p>
        ) : (
          <div className={classes.cities}>
            {locations.map((city) => (
              <div key={city.id} className={classes.city}>
                <div className={classes.cityHead}>
                  <h3 className={classes.cityName}>{city.name}</h3>
                  <span className={classes.cityCount}>
                    {city.studios.length === 1
                      ? t("site.home.studioInCity")
                      : t("site.home.studiosInCity", { count: city.studios.length })}
                  </span>
                  <button
                    type="button"
                    className={`${classes.textLink} ${classes.cityBook}`}
                    onClick={() => bookIn(city.id)}
                    disabled={pending !== null}
                  >
                    {t("site.home.bookInCity", { city: city.name })}
                    <IconArrowRight size={16} stroke={1.8} aria-hidden />
                  </button>
                </div>
                <ul className={classes.studioGrid}>
                  {city.studios.map((s) => (
                    <li key={s.id} className={classes.studioCard}>
                      <div className={classes.studioImage}>
                        {s.image_url && (
                          <Img
                            src={s.image_url}
                            sizes="(min-width: 992px) 380px, (min-width: 576px) 50vw, 112px"
                            alt=""
                            width={800}
                            height={500}
                            lazy
                          />
                        )}
                      </div>
                      <div className={classes.studioBody}>
                        <h4 className={classes.studioName}>{s.name}</h4>
                        <p className={classes.studioAddress}>
                          <IconMapPin size={15} stroke={1.6} aria-hidden />
                          {s.address}
                        </p>
                      </div>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        )}
      </div>
    </section>
  );
}

export function CoachesSection({ section, coaches }: { section: HomeSection; coaches: HomeCoach[] }) {
  const id = `sec-${section.key}`;
  return (
    <section className={classes.section} data-bg="cream" aria-labelledby={id}>
      <div className={classes.container}>
        <div className={classes.headingRow}>
          <SectionHeading
            id={id}
            eyebrow={t("site.home.coachesEyebrow")}
            title={section.title}
            subtitle={section.subtitle}
          />
          <SectionLink href={section.cta_link} label={section.cta_label} />
        </div>
        {coaches.length === 0 ? (
          <p className={classes.empty}>{t("site.home.emptyCoaches")}</p>
        ) : (
          <ul className={classes.coachGrid}>
            {coaches.map((c) => {
              const name = `${c.name} ${c.last_name}`.trim();
              return (
                <li key={c.id} className={classes.coach}>
                  <div className={classes.coachPhoto}>
                    {c.image_url && (
                      <img
                        src={c.image_url}
                        alt={t("site.home.coachPhotoAlt", { name })}
                        loading="lazy"
                        width={400}
                        height={500}
                      />
                    )}
                  </div>
                  <h3 className={classes.coachName}>{name}</h3>
                  {c.quote && (
                    <blockquote className={classes.coachQuote}>
                      <p>“{c.quote}”</p>
                    </blockquote>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}

export function BannerSection({ section }: { section: HomeSection }) {
  const id = `sec-${section.key}`;
  const isOnDemand = (section.cta_link ?? "").includes("on-demand") || section.key === "on-demand";
  const points = bannerPointsOf(section);
  const eyebrow = str(section.data.eyebrow) || (isOnDemand ? t("site.home.bannerEyebrow") : undefined);
  return (
    <section className={classes.banner} aria-labelledby={id}>
      <div className={classes.bannerInner}>
        <div className={classes.bannerText}>
          <SectionHeading id={id} eyebrow={eyebrow} title={section.title} subtitle={section.subtitle} tone="light" />
          {points.length > 0 && (
            <ul className={classes.bannerPoints}>
              {points.map((p, i) => (
                <li key={i}>
                  <IconCheck size={18} stroke={2} aria-hidden />
                  {p}
                </li>
              ))}
            </ul>
          )}
          {section.cta_link && section.cta_label && (
            <CtaButton href={section.cta_link} size="lg" variant="white" color="accent" className={classes.ctaLight}>
              {section.cta_label}
            </CtaButton>
          )}
        </div>
        {section.image_url && (
          <div className={classes.bannerArt}>
            <img src={section.image_url} alt={t("site.home.bannerImageAlt")} loading="lazy" width={640} height={480} />
          </div>
        )}
      </div>
    </section>
  );
}

export function CtaSection({ section }: { section: HomeSection }) {
  const id = `sec-${section.key}`;
  return (
    <section className={classes.cta} aria-labelledby={id}>
      <div className={classes.ctaInner}>
        <SectionHeading
          id={id}
          eyebrow={str(section.data.eyebrow) || t("site.home.ctaEyebrow")}
          title={section.title}
          subtitle={section.subtitle}
          align="center"
          tone="light"
        />
        {section.cta_link && section.cta_label && (
          <CtaButton href={section.cta_link} size="lg" variant="white" className={classes.ctaLight}>
            {section.cta_label}
          </CtaButton>
        )}
      </div>
    </section>
  );
}
