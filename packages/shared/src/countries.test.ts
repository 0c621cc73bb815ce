import { countries } from "countries-list";
import { describe, expect, it } from "vitest";
import { COUNTRIES } from "./countries.ts";
import { COUNTRY_CODES } from "./country-codes.ts";

describe("country list (SPEC §3)", () => {
  it("checks codes against the same countries the billing form offers", () => {
    expect([...COUNTRY_CODES].sort()).toEqual(Object.keys(countries).sort());
    expect(COUNTRIES.map((country) => country.countryCode).sort()).toEqual([...COUNTRY_CODES].sort());
  });

  it("offers the countries by name", () => {
    const names = COUNTRIES.map((country) => country.countryName);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(COUNTRIES.find((country) => country.countryCode === "DE")?.countryName).toBe("Germany");
  });
});
