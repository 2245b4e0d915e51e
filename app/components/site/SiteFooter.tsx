import {
  IconBrandFacebook,
  IconBrandInstagram,
  IconBrandTiktok,
  IconBrandWhatsapp,
  IconBrandYoutube,
  IconMail,
} from "@tabler/icons-react";
import { Link } from "react-router";
import { config, useRootData } from "~/lib/app-state";
import { t, type MessageKey } from "~/lib/messages";
import { whatsappHref } from "./navbar-logic";
import { SiteLogo } from "./SiteLogo";
import { useLocalePath } from "./useLocalePath";
import { WhatsAppButton } from "./WhatsAppButton";
import { NewsletterForm } from "./content/NewsletterForm";
import classes from "./SiteFooter.module.css";

export interface FooterSponsor {
  id: number;
  name: string;
  link: string;
  image: string;
  class: string;
}

const SOCIAL = [
  { key: "instagram_url", label: "site.footer.instagram", Icon: IconBrandInstagram },
  { key: "facebook_url", label: "site.footer.facebook", Icon: IconBrandFacebook },
  { key: "tiktok_url", label: "site.footer.tiktok", Icon: IconBrandTiktok },
  { key: "youtube_url", label: "site.footer.youtube", Icon: IconBrandYoutube },
] as const;

const EXPLORE: { to: string; label: MessageKey }[] = [
  { to: "/select-location", label: "nav.locations" },
  { to: "/our-sessions", label: "nav.ourClasses" },
  { to: "/coaches", label: "nav.coaches" },
  { to: "/buy-sessions", label: "nav.packs" },
  { to: "/on-demand", label: "nav.nucleoHome" },
  { to: "/store", label: "nav.store" },
];

const LEGAL: { to: string; label: MessageKey }[] = [
  { to: "/legals/terms-and-conditions", label: "footer.terms" },
  { to: "/legals/aviso-de-privacidad", label: "legal.privacyLink" },
  { to: "/legals/faq", label: "footer.faq" },
  { to: "/jobs", label: "footer.jobs" },
  { to: "/facturacion", label: "content.invoice.eyebrow" },
];

function isExternalUrl(v: unknown): v is string {
  return typeof v === "string" && /^https?:\/\//i.test(v);
}

/**
 * The public footer (spec §2): sponsors, social links, help email, terms/FAQ/jobs, developer credit,
 * and the floating WhatsApp button. `marketplace` shows the Acapulco marketplace's sponsors
 * (`GET /api/v2/sponsors?studio_id=21`) instead of the site's.
 */
export function SiteFooter({
  sponsors,
  marketplaceSponsors = [],
  marketplace = false,
}: {
  sponsors: FooterSponsor[];
  marketplaceSponsors?: FooterSponsor[];
  marketplace?: boolean;
}) {
  const root = useRootData();
  const { lp } = useLocalePath();
  const shown = marketplace && marketplaceSponsors.length ? marketplaceSponsors : sponsors;
  const helpEmail = config(root, "help_email", "") as string;
  const siteName = (config(root, "site_name", "") as string) || t("app.name");
  const credit = config<{ name?: string; link?: string } | null>(root, "developer_credit", null);
  const whatsapp = whatsappHref(config(root, "whatsapp_number", ""), config(root, "whatsapp_message", ""));
  const social = SOCIAL.map((s) => ({ ...s, url: config<unknown>(root, s.key, null) })).filter((s) =>
    isExternalUrl(s.url),
  );
  const year = new Date().getFullYear();

  return (
    <footer className={classes.footer}>
      {shown.length > 0 && (
        <section className={classes.sponsors} aria-labelledby="footer-sponsors">
          <h2 id="footer-sponsors" className={classes.eyebrow}>
            {marketplace && marketplaceSponsors.length ? t("site.footer.marketplaceSponsors") : t("footer.sponsors")}
          </h2>
          <ul className={classes.sponsorList}>
            {shown.map((s) => (
              <li key={s.id} className={s.class || undefined}>
                <a href={s.link} target="_blank" rel="noopener noreferrer" className={classes.sponsorLink}>
                  <img src={s.image} alt={s.name} loading="lazy" />
                  <span className="visually-hidden"> {t("footer.opensNewTab")}</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}

      <div className={classes.main}>
        <div className={classes.grid}>
          <div className={classes.brand}>
            <SiteLogo to={lp("/")} light />
            <p className={classes.tagline}>{t("site.footer.tagline")}</p>
            {social.length > 0 && (
              <ul className={classes.social} aria-label={t("footer.follow")}>
                {social.map(({ key, label, Icon, url }) => (
                  <li key={key}>
                    <a
                      href={url as string}
                      target="_blank"
                      rel="noopener noreferrer"
                      className={classes.socialLink}
                      aria-label={`${t("site.footer.socialLabel", { network: t(label) })} ${t("footer.opensNewTab")}`}
                    >
                      <Icon size={20} stroke={1.6} aria-hidden />
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </div>

          <nav aria-labelledby="footer-explore" className={classes.column}>
            <h2 id="footer-explore" className={classes.heading}>
              {t("site.footer.explore")}
            </h2>
            <ul>
              {EXPLORE.map((l) => (
                <li key={l.to}>
                  <Link to={lp(l.to)}>{t(l.label)}</Link>
                </li>
              ))}
            </ul>
          </nav>

          <nav aria-labelledby="footer-legal" className={classes.column}>
            <h2 id="footer-legal" className={classes.heading}>
              {t("site.footer.legal")}
            </h2>
            <ul>
              {LEGAL.map((l) => (
                <li key={l.to}>
                  <Link to={lp(l.to)}>{t(l.label)}</Link>
                </li>
              ))}
            </ul>
          </nav>

          <div className={`${classes.column} ${classes.contact}`}>
            <h2 className={classes.heading}>{t("site.footer.contact")}</h2>
            {helpEmail && (
              <p className={classes.help}>
                {t("footer.help")}
                <br />
                <a href={`mailto:${helpEmail}`} className={classes.iconLink}>
                  <IconMail size={18} stroke={1.6} aria-hidden />
                  {helpEmail}
                </a>
              </p>
            )}
            {whatsapp && (
              <p className={classes.help}>
                <a href={whatsapp} target="_blank" rel="noopener noreferrer" className={classes.iconLink}>
                  <IconBrandWhatsapp size={18} stroke={1.6} aria-hidden />
                  {t("footer.whatsapp")}
                  <span className="visually-hidden"> {t("footer.opensNewTab")}</span>
                </a>
              </p>
            )}
            <NewsletterForm />
          </div>
        </div>

        <div className={classes.bottom}>
          <p>{t("footer.rights", { year, name: siteName })}</p>
          {credit?.name && (
            <p>
              {isExternalUrl(credit.link) ? (
                <a href={credit.link} target="_blank" rel="noopener noreferrer">
                  {t("footer.credit", { dev: credit.name })}
                  <span className="visually-hidden"> {t("footer.opensNewTab")}</span>
                </a>
              ) : (
                t("footer.credit", { dev: credit.name })
              )}
            </p>
          )}
        </div>
      </div>
      {whatsapp && <WhatsAppButton href={whatsapp} />}
    </footer>
  );
}
