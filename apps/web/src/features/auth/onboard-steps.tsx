import classes from "./onboard.module.css";

/**
 * Onboarding's steps as an ordered list: the current one marked for assistive technology
 * (`aria-current="step"`), the done ones buttons back to them, the next ones plain (Next checks
 * the step first).
 */
export function OnboardSteps({
  labels,
  active,
  onSelect,
}: {
  labels: readonly string[];
  active: number;
  onSelect: (index: number) => void;
}) {
  return (
    <ol className={classes.steps} aria-label="Onboarding steps">
      {labels.map((label, index) => {
        const state = index < active ? "done" : index === active ? "current" : "next";
        const inner = (
          <>
            <span className={classes.icon} aria-hidden="true">
              {state === "done" ? "✓" : index + 1}
            </span>
            <span className={classes.label}>{label}</span>
          </>
        );
        return (
          <li
            key={label}
            className={classes.step}
            data-state={state}
            aria-current={state === "current" ? "step" : undefined}
          >
            {state === "done" ? (
              <button type="button" className={classes.stepInner} onClick={() => onSelect(index)}>
                {inner}
              </button>
            ) : (
              <span className={classes.stepInner}>{inner}</span>
            )}
          </li>
        );
      })}
    </ol>
  );
}
