import classes from "./Home.module.css";

/** Eyebrow, title and subtitle of a home section. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  subtitle,
  align = "left",
  tone = "dark",
}: {
  id: string;
  eyebrow?: string;
  title: string;
  subtitle?: string;
  align?: "left" | "center";
  tone?: "dark" | "light";
}) {
  return (
    <div className={classes.heading} data-align={align} data-tone={tone}>
      {eyebrow && <p className={classes.eyebrow}>{eyebrow}</p>}
      <h2 id={id} className={classes.title}>
        {title}
      </h2>
      {subtitle && <p className={classes.subtitle}>{subtitle}</p>}
    </div>
  );
}
