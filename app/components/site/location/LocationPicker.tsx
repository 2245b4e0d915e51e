import { Loader, UnstyledButton } from "@mantine/core";
import { IconArrowRight, IconCheck } from "@tabler/icons-react";
import { useState, type ReactNode } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { safeBackPath } from "~/components/site/navbar-logic";
import { useLocalePath } from "~/components/site/useLocalePath";
import { t } from "~/lib/messages";
import classes from "./Location.module.css";

/** A path that keeps the picker's `?back=` (where the visitor goes once a studio is chosen). */
export const withBack = (path: string, back: string | null) => path + (back ? `?back=${encodeURIComponent(back)}` : "");

/**
 * The choice of the two pickers (/select-location, /select-studio): `pick(id)` saves it, then goes
 * to `next(back, lp)`; `pending` is the id being saved (every card waits meanwhile).
 */
export function useLocationPick(
  choose: (id: number) => Promise<unknown>,
  next: (back: string | null, lp: (path: string) => string) => string,
) {
  const navigate = useNavigate();
  const { lp } = useLocalePath();
  const [params] = useSearchParams();
  const back = safeBackPath(params.get("back"));
  const [pending, setPending] = useState<number | null>(null);
  const pick = async (id: number) => {
    setPending(id);
    try {
      await choose(id);
      navigate(next(back, lp));
    } finally {
      setPending(null);
    }
  };
  return { lp, back, pending, pick };
}

/**
 * One card of a picker: its picture (only the first card's loads before scrolling, as on a phone
 * only it shows), the "chosen" badge, what `children` says, and the Continue button.
 */
export function PickCard(props: {
  name: string;
  index: number;
  image: string | null;
  imageAlt: string;
  selected: boolean;
  badges?: ReactNode;
  id: number;
  picker: { pending: number | null; pick: (id: number) => void };
  children: ReactNode;
}) {
  const { pending, pick } = props.picker;
  return (
    <li>
      <div className={classes.card} data-selected={props.selected || undefined}>
        <div className={classes.image}>
          {props.image && (
            <img
              src={props.image}
              alt={props.imageAlt}
              width={800}
              height={500}
              loading={props.index > 0 ? "lazy" : undefined}
            />
          )}
          {props.selected && (
            <span className={classes.badge}>
              <IconCheck size={14} stroke={2.2} aria-hidden />
              {t("location.chosen")}
            </span>
          )}
          {props.badges}
        </div>
        <div className={classes.body}>
          {props.children}
          <UnstyledButton className={classes.action} onClick={() => pick(props.id)} disabled={pending !== null}>
            {t("location.continue")}
            <span className="visually-hidden"> · {props.name}</span>
            {pending === props.id ? (
              <Loader size={14} color="brand" />
            ) : (
              <IconArrowRight size={16} stroke={1.8} aria-hidden />
            )}
          </UnstyledButton>
        </div>
      </div>
    </li>
  );
}
