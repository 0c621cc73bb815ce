import { describe, expect, it } from "vitest";
import type { ProjectRole, Role } from "../roles.ts";
import { pinSchema } from "../schemas/design.ts";
import {
  canAddDesign,
  canChangeDesignFile,
  canCommentOnDesigns,
  canEditComment,
  canGiveDesignFeedback,
  canRemoveComment,
  canResolveComment,
} from "./designs.ts";
import type { TaskFacts } from "./tasks.ts";

const actor = (role: Role, id = "me") => ({ id, role });
const member = (projectRole: ProjectRole, active = true) => ({ projectRole, active });
const task = (designerId: string | null, archived = false): TaskFacts => ({
  designerId,
  status: "inProgress",
  archived,
});

describe("designs permissions", () => {
  it("the assigned designer and staff deliver; other designers and customers do not", () => {
    expect(canAddDesign(actor("designer"), member("designer"), task("me"))).toBe(true);
    expect(canAddDesign(actor("designer"), member("designer"), task("someone"))).toBe(false);
    expect(canAddDesign(actor("designer"), null, task("me"))).toBe(false);
    expect(canAddDesign(actor("projectManager"), null, task(null))).toBe(true);
    expect(canAddDesign(actor("customer"), member("owner"), task(null))).toBe(false);
    expect(canAddDesign(actor("admin"), null, task(null, true))).toBe(false);
  });

  it("a designer changes only their own files; staff any", () => {
    expect(canChangeDesignFile(actor("designer"), member("designer"), task("me"), { addedById: "me" })).toBe(true);
    expect(canChangeDesignFile(actor("designer"), member("designer"), task("me"), { addedById: "x" })).toBe(false);
    expect(canChangeDesignFile(actor("admin"), null, task("me"), { addedById: "x" })).toBe(true);
  });

  it("everyone on the project comments; owner and editor give feedback", () => {
    for (const role of ["owner", "editor", "viewer", "designer"] as const) {
      expect(canCommentOnDesigns(actor(role === "designer" ? "designer" : "customer"), member(role))).toBe(true);
    }
    expect(canCommentOnDesigns(actor("customer"), null)).toBe(false);
    expect(canGiveDesignFeedback(actor("customer"), member("owner"))).toBe(true);
    expect(canGiveDesignFeedback(actor("customer"), member("editor"))).toBe(true);
    expect(canGiveDesignFeedback(actor("customer"), member("viewer"))).toBe(false);
    expect(canGiveDesignFeedback(actor("designer"), member("designer"))).toBe(false);
  });

  it("authors edit; authors and staff remove; owner and editor also resolve", () => {
    const mine = { authorId: "me" };
    const theirs = { authorId: "other" };
    expect(canEditComment(actor("customer"), mine)).toBe(true);
    expect(canEditComment(actor("admin"), theirs)).toBe(false);
    expect(canRemoveComment(actor("admin"), null, theirs)).toBe(true);
    expect(canRemoveComment(actor("customer"), member("viewer"), theirs)).toBe(false);
    expect(canRemoveComment(actor("customer"), member("viewer"), mine)).toBe(true);
    expect(canResolveComment(actor("customer"), member("editor"), theirs)).toBe(true);
    expect(canResolveComment(actor("customer"), member("viewer"), theirs)).toBe(false);
  });

  it("pins are fractions of the image and rectangles stay inside it", () => {
    expect(pinSchema.safeParse({ type: "point", x: 0.5, y: 1 }).success).toBe(true);
    expect(pinSchema.safeParse({ type: "point", x: 1.01, y: 0 }).success).toBe(false);
    expect(pinSchema.safeParse({ type: "rect", x: 0.5, y: 0.5, w: 0.5, h: 0.5 }).success).toBe(true);
    expect(pinSchema.safeParse({ type: "rect", x: 0.6, y: 0.5, w: 0.5, h: 0.1 }).success).toBe(false);
    expect(pinSchema.safeParse({ type: "rect", x: -0.1, y: 0, w: 0.1, h: 0.1 }).success).toBe(false);
  });
});
