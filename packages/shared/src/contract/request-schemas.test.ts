import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { TIME_MAX } from "../limits.ts";
import { MESSAGES } from "../messages.ts";
import { textSchema, timeSchema } from "../schemas/common.ts";
import type { Endpoint } from "./endpoint.ts";
import { contract } from "./index.ts";

/**
 * Keeps every request field of the contract on the shared text and time schemas (security issue,
 * point 7): walks the params, query and body of every call down to its fields, and fails naming
 * the field when one takes a text with NUL (PostgreSQL refuses it: a 500) or a time outside
 * 1970–9999 (outside what PostgreSQL and JavaScript dates hold).
 */

/** Texts with NUL, shaped like what fields expect (words, e-mails, links, codes, ids). */
const WITH_NUL = [
  "a\u0000b",
  "\u0000",
  "Sample\u0000text",
  "someone\u0000@example.com",
  "https://example.com/a\u0000b",
  "123456\u0000",
  "1\u0000",
  "aaaaaaaaaaaaaaaaaaaaaa\u0000aaaaaaaaaaaaaaa",
];
/** Field names that carry a time, and the unit; each must refuse the first instant of year 10000. */
const TIME_FIELDS: Array<[RegExp, "ms" | "s"]> = [
  [/PeriodEnd$/, "s"],
  [/^(deadline|deadlineBefore|date|from|to)$|At$|Ts$/, "ms"],
];

interface Field {
  path: string;
  schema: z.ZodType;
}

/** The fields of a request part, objects and arrays opened, wrappers (optional, default…) kept. */
function fieldsOf(schema: z.ZodType, path: string): Field[] {
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
  switch (def.type) {
    case "object":
      return Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([name, child]) =>
        fieldsOf(child, path ? `${path}.${name}` : name),
      );
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "readonly":
    case "nonoptional": {
      const inner = def.innerType as z.ZodType;
      const innerType = (inner as unknown as { _zod: { def: { type: string } } })._zod.def.type;
      return ["object", "array", "union"].includes(innerType) ? fieldsOf(inner, path) : [{ path, schema }];
    }
    case "array":
      return fieldsOf(def.element as z.ZodType, `${path}[]`);
    case "union":
      return (def.options as z.ZodType[]).flatMap((option) => fieldsOf(option, path));
    default:
      return [{ path, schema }];
  }
}

function requestFields(): Array<Field & { call: string }> {
  return Object.entries(contract).flatMap(([feature, calls]) =>
    Object.entries(calls as Record<string, Endpoint>).flatMap(([name, endpoint]) =>
      (["params", "query", "body"] as const).flatMap((part) => {
        const schema = endpoint[part];
        if (!schema) return [];
        return fieldsOf(schema, "").map((field) => ({ ...field, call: `${feature}.${name} ${part}` }));
      }),
    ),
  );
}

describe("the shared text and time schemas", () => {
  it("refuse NUL, over-long text and times outside 1970–9999, naming why", () => {
    const text = textSchema().safeParse("a\u0000b");
    expect(text.success).toBe(false);
    expect(text.error?.issues[0]?.message).toBe(MESSAGES.textHasNul);
    expect(textSchema().safeParse("x".repeat(1_000_000)).success).toBe(false);
    expect(textSchema().safeParse("Grüße, 👋 — \t tabs\nand lines").success).toBe(true);

    const time = timeSchema();
    expect(time.safeParse(0).success).toBe(true);
    expect(time.safeParse(TIME_MAX).success).toBe(true);
    expect(new Date(TIME_MAX).toISOString()).toBe("9999-12-31T23:59:59.999Z");
    for (const wrong of [TIME_MAX + 1, -1, 9007199254740991, 9007199254655999, 1e308, 0.5, Number.NaN]) {
      expect(time.safeParse(wrong).success, String(wrong)).toBe(false);
    }
    expect(time.safeParse(TIME_MAX + 1).error?.issues[0]?.message).toBe(MESSAGES.timeOutOfRange);
    expect(timeSchema({ unit: "s" }).safeParse(Math.floor(TIME_MAX / 1000) + 1).success).toBe(false);
  });
});

describe("every request field of the contract", () => {
  const fields = requestFields();

  it("is walked (the walk finds the fields)", () => {
    expect(fields.length).toBeGreaterThan(200);
  });

  it("refuses text with NUL", () => {
    const taking = fields
      .filter(({ schema }) => WITH_NUL.some((value) => schema.safeParse(value).success))
      .map(({ call, path }) => `${call} ${path}`);
    expect(taking).toEqual([]);
  });

  it("refuses times after 9999 where it holds a time", () => {
    const taking: string[] = [];
    for (const { call, path, schema } of fields) {
      const name = path.split(".").at(-1) ?? "";
      const unit = TIME_FIELDS.find(([pattern]) => pattern.test(name))?.[1];
      if (!unit) continue;
      const year10000 = unit === "s" ? Math.floor(TIME_MAX / 1000) + 1 : TIME_MAX + 1;
      // The end of a day (deadlines must be one) past 9999, and the end of a day near 2^53.
      const endOfDay = year10000 + 86_399_000;
      for (const value of [year10000, String(year10000), endOfDay, 9007199254740991, 9007199254655999]) {
        if (schema.safeParse(value).success) taking.push(`${call} ${path} takes ${value}`);
      }
    }
    expect(taking).toEqual([]);
  });
});
