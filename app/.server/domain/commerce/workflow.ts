/**
 * A small step runner for checkout, in the spirit of Medusa's workflows: a workflow is a list of
 * named steps sharing one state; each step may have a compensation that undoes it. When a step
 * fails, the compensations of the steps that already ran are called in reverse order, then the
 * outcome says which step failed, why, and what was compensated. A compensation that itself fails
 * is logged and left to the reconciliation tasks (it never hides the first failure).
 */

export interface Step<S> {
  readonly name: string;
  /** Does the step's work; what it returns is merged into the state for the next steps. */
  run(state: S): Promise<Partial<S> | void>;
  /** Undoes `run` after a later step failed (`cause`). Absent: nothing to undo. */
  compensate?(state: S, cause: unknown): Promise<void>;
}

export type Outcome<S> =
  | { ok: true; state: S; ran: string[] }
  | { ok: false; state: S; ran: string[]; failedStep: string; cause: unknown; compensated: string[] };

export interface RunnerHooks {
  /** A compensation that failed: the money or the hold is left for the reconciliation task. */
  onCompensationError?(step: string, err: unknown): void;
}

/** Runs `steps` in order on `state`; on a failure, compensates what ran (last first). */
export async function runSteps<S extends object>(
  steps: readonly Step<S>[],
  initial: S,
  hooks: RunnerHooks = {},
): Promise<Outcome<S>> {
  const state = initial;
  const ran: Step<S>[] = [];
  for (const step of steps) {
    try {
      const out = await step.run(state);
      if (out) Object.assign(state, out);
      ran.push(step);
    } catch (cause) {
      const compensated: string[] = [];
      for (const done of [...ran].reverse()) {
        if (!done.compensate) continue;
        try {
          await done.compensate(state, cause);
          compensated.push(done.name);
        } catch (err) {
          hooks.onCompensationError?.(done.name, err);
        }
      }
      return { ok: false, state, ran: ran.map((s) => s.name), failedStep: step.name, cause, compensated };
    }
  }
  return { ok: true, state, ran: ran.map((s) => s.name) };
}

/** Runs the steps and answers the state, or rethrows the failing step's error (after compensating). */
export async function runStepsOrThrow<S extends object>(
  steps: readonly Step<S>[],
  initial: S,
  hooks: RunnerHooks = {},
): Promise<S> {
  const outcome = await runSteps(steps, initial, hooks);
  if (!outcome.ok) throw outcome.cause;
  return outcome.state;
}
