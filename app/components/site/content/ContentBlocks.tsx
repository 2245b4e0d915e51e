import { IconArrowRight } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useLocalePath } from "../useLocalePath";
import { Img } from "./Img";
import classes from "./Content.module.css";

/** One block of database content (mirror of `ContentBlock` in the content schema). */
export interface Block {
  heading?: string;
  text?: string;
  items?: { title: string; text?: string }[];
  image?: string | null;
  imageAlt?: string;
  ctaLabel?: string;
  ctaLink?: string;
}

/** The coloured header of a content page: eyebrow, title, intro and an optional picture. */
export function PageHeader({
  eyebrow,
  title,
  intro,
  image,
  imageAlt,
  children,
}: {
  eyebrow?: string;
  title: string;
  intro?: string;
  image?: string | null;
  imageAlt?: string;
  children?: ReactNode;
}) {
  return (
    <header className={classes.header}>
      <div className={classes.headerInner} data-image={image ? "" : undefined}>
        <div>
          {eyebrow && <p className={classes.eyebrow}>{eyebrow}</p>}
          <h1 className={classes.title}>{title}</h1>
          {intro && <p className={classes.intro}>{intro}</p>}
          {children}
        </div>
        {image && (
          <Img
            className={classes.headerImage}
            src={image}
            sizes="(min-width: 1120px) 500px, (min-width: 992px) 45vw, calc(100vw - 40px)"
            alt={imageAlt ?? ""}
            width={640}
            height={480}
            fetchPriority="high"
          />
        )}
      </div>
    </header>
  );
}

/** A link that keeps the /es-MX prefix for site paths and opens outside links as such. */
export function SmartLink({
  href,
  children,
  className,
  variant,
}: {
  href: string;
  children: ReactNode;
  className?: string;
  variant?: "outline";
}) {
  const { lp } = useLocalePath();
  if (href.startsWith("/") && !href.startsWith("//")) {
    return (
      <Link to={lp(href)} className={className} data-variant={variant}>
        {children}
      </Link>
    );
  }
  return (
    <a href={href} className={className} data-variant={variant} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

/** Heading, paragraphs, cards and picture of each block, in the order the editor wrote them. */
export function ContentBlocks({ blocks, faq = false }: { blocks: Block[]; faq?: boolean }) {
  return (
    <>
      {blocks.map((b, i) => (
        <div key={i} className={classes.block}>
          <div className={b.image ? classes.blockGrid : undefined}>
            <div>
              {b.heading && <h2 className={classes.h2}>{b.heading}</h2>}
              {b.text && <p className={classes.text}>{b.text}</p>}
              {b.ctaLabel && b.ctaLink && (
                <div className={classes.actions}>
                  <SmartLink href={b.ctaLink} className={classes.button}>
                    {b.ctaLabel}
                    <IconArrowRight size={16} aria-hidden />
                  </SmartLink>
                </div>
              )}
            </div>
            {b.image && (
              <Img
                className={classes.blockImage}
                src={b.image}
                sizes="(min-width: 992px) 45vw, 100vw"
                alt={b.imageAlt ?? ""}
                width={560}
                height={420}
                lazy
              />
            )}
          </div>
          {b.items && b.items.length > 0 && faq && (
            <div className={classes.faq}>
              {b.items.map((it) => (
                <details key={it.title}>
                  <summary>{it.title}</summary>
                  {it.text && <p>{it.text}</p>}
                </details>
              ))}
            </div>
          )}
          {b.items && b.items.length > 0 && !faq && (
            <ul className={classes.items}>
              {b.items.map((it) => (
                <li key={it.title} className={classes.item}>
                  <h3 className={classes.h3}>{it.title}</h3>
                  {it.text && <p className={classes.text}>{it.text}</p>}
                </li>
              ))}
            </ul>
          )}
        </div>
      ))}
    </>
  );
}
