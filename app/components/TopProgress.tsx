import { useEffect, useRef, useState } from "react";
import { useNavigation } from "react-router";
import { t } from "~/lib/messages";
import classes from "./TopProgress.module.css";

const DURATION = 5000;
const THROTTLE = 200;

/** The top progress bar: appears after 200 ms of navigation and creeps over 5000 ms. */
export function TopProgress() {
  const busy = useNavigation().state !== "idle";
  const [phase, setPhase] = useState<"idle" | "running" | "done">("idle");
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    clearTimeout(timer.current);
    if (busy) {
      timer.current = setTimeout(() => setPhase("running"), THROTTLE);
    } else {
      setPhase((p) => (p === "running" ? "done" : "idle"));
      timer.current = setTimeout(() => setPhase("idle"), 400);
    }
    return () => clearTimeout(timer.current);
  }, [busy]);

  return (
    <div
      className={classes.bar}
      data-phase={phase}
      style={{ "--progress-duration": `${DURATION}ms` } as React.CSSProperties}
      role="progressbar"
      aria-hidden={phase === "idle"}
      aria-label={t("app.loading")}
    />
  );
}
