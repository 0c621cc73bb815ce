import { describe, expect, it } from "vitest";
import type { Role } from "../roles.ts";
import { canOpenMessages, canOpenSchedule, isPlatformTeam, showsTasksInMenu } from "./screens.ts";

describe("screen rules (SPEC §2 header menu)", () => {
  it.each([
    ["admin", true],
    ["projectManager", true],
    ["designer", true],
    ["customer", false],
  ] as const)("%s → schedule, tasks in the menu, messages: %s", (role: Role, allowed) => {
    const actor = { role };
    expect(isPlatformTeam(actor)).toBe(allowed);
    expect(canOpenMessages(actor)).toBe(allowed);
    expect(canOpenSchedule(actor)).toBe(allowed);
    expect(showsTasksInMenu(actor)).toBe(allowed);
  });
});
