// A deadline is a UTC day; English words as the rest of the app's texts, so a message written on
// the server reads the same as the web's deadline label ("Nov 30, 2026").
const dayFormat = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "short",
  day: "numeric",
  timeZone: "UTC",
});

/** A calendar day (UTC) as the app writes it: "Nov 30, 2026". */
export function formatDay(epochMs: number): string {
  return dayFormat.format(new Date(epochMs));
}
