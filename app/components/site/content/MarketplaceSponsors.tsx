import { t } from "~/lib/messages";
import classes from "./Content.module.css";

/** The brands of the Acapulco marketplace (sponsors of studio 21), each opening in a new tab. */
export function MarketplaceSponsors({
  sponsors,
}: {
  sponsors: { id: number; name: string; link: string; image: string }[];
}) {
  if (sponsors.length === 0) return null;
  return (
    <section className={classes.section} aria-labelledby="bazar-marcas">
      <div className={classes.container}>
        <h2 id="bazar-marcas" className={classes.h2}>
          {t("content.bazaar.brands")}
        </h2>
        <ul className={classes.sponsors}>
          {sponsors.map((s) => (
            <li key={s.id}>
              <a href={s.link} target="_blank" rel="noopener noreferrer">
                <img src={s.image} alt={s.name} width={160} height={56} loading="lazy" decoding="async" />
              </a>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
