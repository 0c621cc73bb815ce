import { countries as countryData } from "countries-list";

export const CONTINENTS = ["EU", "AS", "NA", "SA", "AF", "OC", "AN"] as const;
export type Continent = (typeof CONTINENTS)[number];

export interface Country {
  countryCode: string;
  countryName: string;
  continent: Continent;
}

/**
 * SPEC §3 Country list, from the maintained `countries-list` package, sorted by name. Imported as
 * `@atelier/shared/countries` (not from the package index), so only the billing form loads it.
 */
export const COUNTRIES: readonly Country[] = Object.entries(countryData)
  .map(([countryCode, data]) => ({
    countryCode,
    countryName: data.name,
    continent: data.continent as Continent,
  }))
  .sort((a, b) => a.countryName.localeCompare(b.countryName));
