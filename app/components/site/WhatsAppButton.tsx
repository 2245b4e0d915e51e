import { IconBrandWhatsapp } from "@tabler/icons-react";
import { t } from "~/lib/messages";
import classes from "./SiteFooter.module.css";

/** The floating WhatsApp button (spec §2): wa.me link with the configured number and message. */
export function WhatsAppButton({ href }: { href: string }) {
  const label = `${t("footer.whatsapp")} ${t("footer.opensNewTab")}`;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={classes.whatsapp}
      aria-label={label}
      title={t("footer.whatsapp")}
    >
      <IconBrandWhatsapp size={30} stroke={1.6} aria-hidden />
    </a>
  );
}
