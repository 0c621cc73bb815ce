import { z } from "zod";

/**
 * Values built from a contract schema, for the walk over every call (src/contract-fuzz.api.test.ts):
 * a valid value for each field, so a request differs from a valid one in one place only, and the
 * wrong values for each field. Both read the schema's JSON Schema (zod's own conversion, the input
 * side), so a new field or a new call is covered without writing anything here.
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** The part of JSON Schema zod writes for our request schemas. */
export interface SchemaNode {
  type?: string;
  properties?: Record<string, SchemaNode>;
  required?: string[];
  items?: SchemaNode;
  anyOf?: SchemaNode[];
  oneOf?: SchemaNode[];
  enum?: Json[];
  const?: Json;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: Json;
}

export function schemaNode(schema: z.ZodType): SchemaNode {
  return z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as SchemaNode;
}

/** Real values for what a schema cannot say: which row an id names, what a pattern expects. */
export interface Samples {
  /** the id a field of this name names (`projectId` → a real project) */
  idFor(field: string): string;
  /** a value that matches `pattern` (file keys, password digests…); undefined when none is known */
  forPattern(pattern: string): string | undefined;
  /** a value for a plain text field of this name (an e-mail, a link), when it needs one */
  forText(field: string): string | undefined;
  /** a value for a number field of this name (a time range, a future period end) */
  forNumber(field: string): number | undefined;
}

/** The options of a union without its `null`; what a nullable field is when it is not null. */
function options(node: SchemaNode): SchemaNode[] {
  return (node.anyOf ?? node.oneOf ?? []).filter((option) => option.type !== "null");
}

export function isNullable(node: SchemaNode): boolean {
  return (node.anyOf ?? node.oneOf ?? []).some((option) => option.type === "null") || node.type === "null";
}

/** The node without its null option (and, for a union of one, that one option). */
function plain(node: SchemaNode): SchemaNode {
  const rest = options(node);
  return rest.length === 1 && rest[0] ? rest[0] : node;
}

/**
 * A valid value for the node: every optional field given, so each can be made wrong in turn.
 * Throws naming the field when the schema asks for something the samples do not know.
 */
export function validValue(node: SchemaNode, field: string, samples: Samples): Json {
  if (node.const !== undefined) return node.const;
  if (node.enum && node.enum.length > 0) return node.enum[0] ?? null;
  const unions = options(node);
  if (node.anyOf || node.oneOf) {
    const first = unions[0];
    return first ? validValue(first, field, samples) : null;
  }
  switch (node.type) {
    case "object": {
      const value: Record<string, Json> = {};
      for (const [name, child] of Object.entries(node.properties ?? {})) value[name] = validValue(child, name, samples);
      return value;
    }
    case "array": {
      const element = node.items ? validValue(node.items, field, samples) : null;
      return Array.from({ length: Math.max(1, node.minItems ?? 1) }, () => element);
    }
    case "string":
      return validText(node, field, samples);
    case "integer":
    case "number":
      return validNumber(node, field, samples);
    case "boolean":
      return true;
    default:
      return null;
  }
}

function validText(node: SchemaNode, field: string, samples: Samples): string {
  if (node.format === "uuid") return samples.idFor(field);
  const named = samples.forText(field);
  if (named !== undefined) return named;
  if (node.pattern) {
    const matching = samples.forPattern(node.pattern);
    if (matching === undefined) throw new Error(`no sample for the pattern ${node.pattern} of ${field}`);
    return matching;
  }
  const text = "Sample text";
  return text.padEnd(node.minLength ?? 0, "x").slice(0, node.maxLength ?? text.length);
}

function validNumber(node: SchemaNode, field: string, samples: Samples): number {
  const named = samples.forNumber(field);
  if (named !== undefined) return named;
  const low = node.minimum ?? (node.exclusiveMinimum !== undefined ? node.exclusiveMinimum + 1 : 0);
  return node.maximum !== undefined ? Math.min(low, node.maximum) : low;
}

// ------------------------------------------------------------------------------------- wrong values

/** A string of a million characters: over every text limit, under the 1 MiB body limit. */
const MEGA = "x".repeat(1_000_000);
/** Past 2^53 and any date; the last is also the end of a day (23:59:59 UTC), as deadlines must be. */
const HUGE_NUMBERS = [9007199254740991, -9007199254740991, 1e308, 9007199222399000];

export interface WrongValue {
  /** what is wrong, for the failure message: `nul`, `huge`, `type`… */
  kind: string;
  value: Json;
}

const withNul = (text: string) => (text.length > 1 ? `${text.slice(0, 1)}\u0000${text.slice(1)}` : `a\u0000${text}`);

/**
 * Wrong values for a JSON field: another type, NUL inside a string, a million characters, numbers
 * out of any range (and -1, fractions for integers), an array for an object and an object for an
 * array; inside objects and arrays, the same for each field and element. Null only where the
 * field is not nullable. `valid` is the field's valid value (a NUL goes inside it).
 */
export function wrongValues(node: SchemaNode, valid: Json): WrongValue[] {
  const wrong: WrongValue[] = [];
  if (!isNullable(node)) wrong.push({ kind: "null", value: null });
  const inner = plain(node);
  const kind = inner.enum || inner.const !== undefined ? "string" : inner.type;
  const unions = options(inner);
  if (unions.length > 1) {
    // A union of objects (a pin: point or rect): the fields of the option the valid value is of.
    const first = unions[0];
    if (first?.type === "object" && isObject(valid)) wrong.push(...objectFields(first, valid));
    wrong.push({ kind: "array for object", value: [] }, { kind: "type", value: "text" });
    return dedupe(wrong);
  }
  switch (kind) {
    case "string": {
      const text = typeof valid === "string" ? valid : "text";
      wrong.push(
        { kind: "type", value: 12345 },
        { kind: "array for string", value: [text] },
        { kind: "object for string", value: { value: text } },
        { kind: "nul", value: withNul(text) },
        { kind: "1 MB", value: MEGA },
      );
      break;
    }
    case "integer":
    case "number": {
      wrong.push(
        { kind: "type", value: "abc" },
        { kind: "array for number", value: [1] },
        { kind: "object for number", value: { value: 1 } },
        ...HUGE_NUMBERS.map((value) => ({ kind: "huge", value })),
      );
      if ((inner.minimum ?? inner.exclusiveMinimum ?? -1) >= 0) wrong.push({ kind: "negative", value: -1 });
      if (kind === "integer") wrong.push({ kind: "fraction", value: (inner.minimum ?? 0) + 0.5 });
      if (inner.maximum !== undefined && inner.maximum < Number.MAX_SAFE_INTEGER) {
        wrong.push({ kind: "over maximum", value: inner.maximum + 1 });
      }
      break;
    }
    case "boolean":
      wrong.push(
        { kind: "type", value: "true" },
        { kind: "type", value: 1 },
        { kind: "nul", value: "\u0000" },
        { kind: "array for boolean", value: [true] },
      );
      break;
    case "array": {
      wrong.push(
        { kind: "object for array", value: {} },
        { kind: "type", value: "text" },
        { kind: "nul", value: "\u0000" },
      );
      const first = Array.isArray(valid) ? (valid[0] ?? null) : null;
      if (inner.items) {
        for (const element of wrongValues(inner.items, first)) {
          wrong.push({ kind: `element: ${element.kind}`, value: [element.value] });
        }
      }
      if (inner.maxItems !== undefined && inner.maxItems < 10_000) {
        wrong.push({ kind: "too many", value: Array.from({ length: inner.maxItems + 1 }, () => first) });
      }
      break;
    }
    case "object":
      wrong.push({ kind: "array for object", value: [] }, { kind: "type", value: "text" });
      if (isObject(valid)) wrong.push(...objectFields(inner, valid));
      break;
    default:
      break;
  }
  return dedupe(wrong);
}

/** The object with one field made wrong at a time. */
function objectFields(node: SchemaNode, valid: { [key: string]: Json }): WrongValue[] {
  const wrong: WrongValue[] = [];
  for (const [name, child] of Object.entries(node.properties ?? {})) {
    for (const bad of wrongValues(child, valid[name] ?? null)) {
      wrong.push({ kind: `${name}: ${bad.kind}`, value: { ...valid, [name]: bad.value } });
    }
  }
  return wrong;
}

function isObject(value: Json): value is { [key: string]: Json } {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function dedupe(values: WrongValue[]): WrongValue[] {
  const seen = new Set<string>();
  return values.filter((value) => {
    const key = JSON.stringify(value.value);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Wrong values for a query or path parameter: always text there, so the wrong values are texts:
 * NUL inside the valid value, a million characters, nothing, and where a number goes, words and
 * numbers out of any range. (The walk also gives each query parameter twice, an array.)
 */
export function wrongTexts(node: SchemaNode, valid: string): string[] {
  const inner = plain(node);
  const texts = [withNul(valid), MEGA];
  if (inner.type === "number" || inner.type === "integer") {
    texts.push("abc", "-1", "NaN", "Infinity", "1e308", ...HUGE_NUMBERS.map(String));
    if (inner.type === "integer") texts.push("0.5");
    if (inner.maximum !== undefined && inner.maximum < Number.MAX_SAFE_INTEGER) texts.push(String(inner.maximum + 1));
  } else if (inner.format === "uuid" || inner.pattern) {
    texts.push("abc", "9007199254740991");
  }
  return [...new Set(texts)].filter((text) => text !== valid);
}
