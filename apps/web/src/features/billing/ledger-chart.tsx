import type { HoursLedger } from "@atelier/shared";
import classes from "./ledger-chart.module.css";

const month = new Intl.DateTimeFormat("en-US", { month: "short", year: "2-digit", timeZone: "UTC" });

/** The scale's top: the largest month rounded up to a step of 1, 2, 5 or 10 of its power of ten. */
export function chartCeiling(largest: number): number {
  if (largest <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(largest));
  const step = [1, 2, 5, 10].find((factor) => factor * power >= largest) ?? 10;
  return step * power;
}

/**
 * Approved hours of the last months as bars, with the figures as text for screen readers. Plain
 * boxes instead of a chart library: recharts was 119 KB (gzip) and most of the project screen's
 * main-thread work for six bars (docs/decisions/048-signed-in-screens-first-load.md).
 */
export function LedgerChart({ months }: { months: HoursLedger["months"] }) {
  const data = months.map((entry) => ({ month: month.format(entry.fromTs), hours: entry.hours }));
  const ceiling = chartCeiling(Math.max(0, ...data.map((entry) => entry.hours)));
  const gridValues = [ceiling, ceiling / 2, 0];
  return (
    <figure style={{ margin: 0 }}>
      {/* The bars are a picture of the caption's figures: hidden from assistive technology. */}
      <div aria-hidden="true" className={classes.chart}>
        <div className={classes.grid}>
          {gridValues.map((value) => (
            <div key={value} className={classes.gridLine} style={{ top: `${100 - (value / ceiling) * 100}%` }}>
              <span className={classes.gridValue}>{value}</span>
            </div>
          ))}
        </div>
        <div className={classes.bars}>
          {data.map((entry) => (
            <div key={entry.month} className={classes.column}>
              <div className={classes.bar} style={{ height: `${(entry.hours / ceiling) * 100}%` }} />
              <span className={classes.label}>{entry.month}</span>
            </div>
          ))}
        </div>
      </div>
      <figcaption className="sr-only">
        Approved hours by month: {data.map((entry) => `${entry.month} ${entry.hours} h`).join(", ")}
      </figcaption>
    </figure>
  );
}
