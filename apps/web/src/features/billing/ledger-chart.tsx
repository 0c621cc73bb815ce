import "@mantine/charts/styles.css";
import type { HoursLedger } from "@atelier/shared";
import { BarChart } from "@mantine/charts";

const month = new Intl.DateTimeFormat("en-US", { month: "short", year: "2-digit", timeZone: "UTC" });

/** Approved hours of the last months (Mantine charts, lazy), with the figures as text for screen readers. */
export function LedgerChart({ months }: { months: HoursLedger["months"] }) {
  const data = months.map((entry) => ({ month: month.format(entry.fromTs), hours: entry.hours }));
  return (
    <figure style={{ margin: 0 }}>
      {/* The bars are a picture of the caption's figures: hidden from assistive technology and out of the tab order. */}
      <div aria-hidden="true">
        <BarChart
          h={180}
          data={data}
          dataKey="month"
          series={[{ name: "hours", label: "Approved hours", color: "indigo.6" }]}
          withTooltip={false}
          barChartProps={{ accessibilityLayer: false }}
        />
      </div>
      <figcaption className="sr-only">
        Approved hours by month: {data.map((entry) => `${entry.month} ${entry.hours} h`).join(", ")}
      </figcaption>
    </figure>
  );
}
