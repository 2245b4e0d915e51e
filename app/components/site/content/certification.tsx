/**
 * How a certification programme's facts read on the site (its page, the list of programmes and the
 * store's product page): one set of labels from the one record (`CertificationFacts`).
 */
import { useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import { useBuy } from "~/components/commerce/useBuy";
import { useRootData } from "~/lib/app-state";
import { t } from "~/lib/messages";
import { stripLocale } from "~/lib/routes";
import type { CertificationFacts } from "~/shared/schemas/catalogue";
import classes from "./Content.module.css";

export function certificationLabels(p: CertificationFacts) {
  const hours = t("content.certification.hours", { n: p.hours });
  const modules = t("content.certification.modulesCount", { n: p.modules.length });
  return {
    hours,
    modules,
    /** "40 horas en 4 fines de semana", or "40 horas · 5 módulos" without a schedule. */
    duration: p.schedule
      ? t("content.certification.schedule", { hours, schedule: p.schedule })
      : t("content.certification.durationValue", { hours, modules }),
    price: p.product
      ? t(p.allows_deposit ? "content.certification.deposit" : "content.certification.priceValue", {
          price: p.product.display_price,
        })
      : t("content.certification.notOnSale"),
    moduleLine: (m: { title: string; hours: number }) =>
      t("content.certification.moduleHours", {
        title: m.title,
        hours: t("content.certification.hours", { n: m.hours }),
      }),
  };
}

/** The programme's modules with their hours and summaries. */
export function ModuleList({ programme }: { programme: CertificationFacts }) {
  const labels = certificationLabels(programme);
  return (
    <ol className={classes.moduleList}>
      {programme.modules.map((m) => (
        <li key={m.title}>
          <strong>{labels.moduleLine(m)}</strong>
          {m.summary && <span>{m.summary}</span>}
        </li>
      ))}
    </ol>
  );
}

/** `?inscribirme=1`: the page a visitor comes back to after logging in to enrol. */
const ENROL = "inscribirme";

/**
 * "INSCRIBIRME": puts this programme's product in the cart and opens the checkout panel, as the
 * store does. A visitor logs in first and comes back here, where the purchase goes on.
 */
export function EnrolButton({ programme }: { programme: CertificationFacts }) {
  const { buy, pending } = useBuy();
  const { user } = useRootData();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const resumed = useRef(false);
  const productId = programme.product?.id ?? null;
  const back = `${stripLocale(pathname)}?${ENROL}=1`;
  const resume = user !== null && new URLSearchParams(search).has(ENROL);
  useEffect(() => {
    if (!resume || productId === null || resumed.current) return;
    resumed.current = true;
    void navigate({ pathname, search: "" }, { replace: true, preventScrollReset: true });
    void buy("product", productId, 1, { afterLogin: back });
  }, [resume, productId, pathname, back, buy, navigate]);
  if (productId === null) return <p className={classes.text}>{t("content.certification.notOnSale")}</p>;
  return (
    <button
      type="button"
      className={classes.button}
      aria-busy={pending !== null}
      disabled={pending !== null}
      onClick={() => void buy("product", productId, 1, { afterLogin: back })}
    >
      {t("content.certification.buy")}
    </button>
  );
}

/** The store's view of a programme: hours, modality and modules, from the same record. */
export function ProgrammeFacts({ programme }: { programme: CertificationFacts }) {
  const labels = certificationLabels(programme);
  return (
    <div>
      <p className={classes.text} style={{ margin: 0 }}>
        <strong>{labels.duration}</strong>
        {programme.modality && ` · ${programme.modality}`}
      </p>
      <ModuleList programme={programme} />
    </div>
  );
}
