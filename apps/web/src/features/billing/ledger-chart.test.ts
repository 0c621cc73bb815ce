import { describe, expect, it } from "vitest";
import { chartCeiling } from "./ledger-chart.tsx";

describe("chartCeiling", () => {
  it("rounds the largest month up to 1, 2, 5 or 10 of its power of ten", () => {
    expect(chartCeiling(0)).toBe(1);
    expect(chartCeiling(0.4)).toBe(0.5);
    expect(chartCeiling(1)).toBe(1);
    expect(chartCeiling(3)).toBe(5);
    expect(chartCeiling(12)).toBe(20);
    expect(chartCeiling(20)).toBe(20);
    expect(chartCeiling(51)).toBe(100);
    expect(chartCeiling(730)).toBe(1000);
  });
});
