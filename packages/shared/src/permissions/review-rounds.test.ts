import { describe, expect, it } from "vitest";
import { reviewRoundOutcome } from "./review-rounds.ts";

describe("reviewRoundOutcome", () => {
  it("any: the first approval approves, whatever the others said", () => {
    expect(reviewRoundOutcome("any", [null, null])).toBeNull();
    expect(reviewRoundOutcome("any", ["changesRequested", null])).toBeNull();
    expect(reviewRoundOutcome("any", ["changesRequested", "approved"])).toBe("approved");
    expect(reviewRoundOutcome("any", ["changesRequested", "changesRequested"])).toBe("changesRequested");
  });

  it("all: every reviewer approves, and one request for changes ends it", () => {
    expect(reviewRoundOutcome("all", ["approved", null])).toBeNull();
    expect(reviewRoundOutcome("all", ["approved", "approved"])).toBe("approved");
    expect(reviewRoundOutcome("all", ["approved", "changesRequested"])).toBe("changesRequested");
    expect(reviewRoundOutcome("all", [null, "changesRequested"])).toBe("changesRequested");
  });
});
