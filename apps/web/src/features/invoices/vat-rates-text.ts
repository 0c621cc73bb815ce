/**
 * The VAT rates as the settings form edits them: one "DE 19" or "FR 20.5" per line, parsed to
 * basis points without floating point (19.5% → 1950), and written back the same way.
 */
export function parseVatRates(text: string): { rates: Record<string, number> } | { error: string } {
  const rates: Record<string, number> = {};
  for (const [index, raw] of text.split("\n").entries()) {
    const line = raw.trim();
    if (!line) continue;
    const match = /^([A-Za-z]{2})\s*[:=]?\s*(\d{1,3})(?:[.,](\d{1,2}))?\s*%?$/.exec(line);
    if (!match?.[1] || !match[2])
      return { error: `Line ${index + 1}: write a country code and a percent, like "DE 19"` };
    const code = match[1].toUpperCase();
    if (code in rates) return { error: `Line ${index + 1}: ${code} is given twice` };
    rates[code] = Number(match[2]) * 100 + Number((match[3] ?? "").padEnd(2, "0"));
  }
  return { rates };
}

export function formatVatRates(rates: Record<string, number>): string {
  return Object.entries(rates)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([code, basisPoints]) => {
      const fraction = basisPoints % 100;
      return `${code} ${Math.floor(basisPoints / 100)}${fraction ? `.${String(fraction).padStart(2, "0").replace(/0$/, "")}` : ""}`;
    })
    .join("\n");
}
