import { describe, expect, it } from "vitest";
import { formatVatRates, parseVatRates } from "./vat-rates-text.ts";

describe("VAT rates text", () => {
  it("reads one country and percent per line as basis points, and writes them back", () => {
    expect(parseVatRates("de 19\nFR: 20.5%\n\nAT=10,25")).toEqual({ rates: { DE: 1900, FR: 2050, AT: 1025 } });
    expect(formatVatRates({ FR: 2050, DE: 1900, AT: 1025 })).toBe("AT 10.25\nDE 19\nFR 20.5");
  });

  it("names the line that cannot be read", () => {
    expect(parseVatRates("DE 19\nGermany 19")).toEqual({
      error: 'Line 2: write a country code and a percent, like "DE 19"',
    });
    expect(parseVatRates("DE 19\nDE 7")).toEqual({ error: "Line 2: DE is given twice" });
  });
});
