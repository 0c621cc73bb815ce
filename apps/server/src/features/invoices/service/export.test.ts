import { describe, expect, it } from "vitest";
import { csvField } from "./export.ts";

describe("csvField", () => {
  it("quotes separators, quotes and line breaks", () => {
    expect(csvField("Owner & Co")).toBe("Owner & Co");
    expect(csvField('Say "hi", then\nleave')).toBe('"Say ""hi"", then\nleave"');
  });

  it("keeps a buyer's name from running as a spreadsheet formula", () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvField("+1")).toBe("'+1");
    expect(csvField("-2")).toBe("'-2");
    expect(csvField("@SUM(A1)")).toBe("'@SUM(A1)");
  });
});
