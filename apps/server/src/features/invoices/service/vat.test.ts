import { describe, expect, it } from "vitest";
import { splitVat } from "./vat.ts";

const rates = { DE: 1900, FR: 2000, AT: 2000 };

describe("splitVat", () => {
  it("takes the buyer country's VAT out of the amount paid, in whole cents", () => {
    expect(splitVat({ totalCents: 11900, sellerCountry: "DE", buyerCountry: "DE", buyerVatId: null, rates })).toEqual({
      netCents: 10000,
      vatCents: 1900,
      totalCents: 11900,
      rateBasisPoints: 1900,
      reverseCharge: false,
    });
    const odd = splitVat({ totalCents: 3995, sellerCountry: "DE", buyerCountry: "FR", buyerVatId: null, rates });
    expect(odd).toMatchObject({ netCents: 3329, vatCents: 666, rateBasisPoints: 2000 });
    expect(odd.netCents + odd.vatCents).toBe(3995);
  });

  it("charges no VAT where the admin set no rate", () => {
    expect(
      splitVat({ totalCents: 500, sellerCountry: "DE", buyerCountry: "US", buyerVatId: null, rates }),
    ).toMatchObject({
      netCents: 500,
      vatCents: 0,
      reverseCharge: false,
    });
  });

  it("applies reverse charge to an EU business buyer in another member state only", () => {
    const other = { totalCents: 12000, sellerCountry: "DE", buyerCountry: "AT", buyerVatId: "ATU12345678", rates };
    expect(splitVat(other)).toMatchObject({ netCents: 12000, vatCents: 0, reverseCharge: true });
    expect(splitVat({ ...other, buyerCountry: "DE" })).toMatchObject({ vatCents: 1916, reverseCharge: false });
    expect(splitVat({ ...other, buyerVatId: "  " })).toMatchObject({ vatCents: 2000, reverseCharge: false });
    expect(splitVat({ ...other, sellerCountry: "US" })).toMatchObject({ reverseCharge: false });
  });
});
