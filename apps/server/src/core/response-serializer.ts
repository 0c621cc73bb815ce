import type { FastifySerializerCompiler } from "fastify/types/schema.js";
import { ResponseSerializationError } from "fastify-type-provider-zod";
import { z } from "zod";

/**
 * Every JSON answer passes its endpoint's response schema before it leaves: unknown keys are
 * stripped (a presenter's extra field never leaks) and a wrong shape is refused as a 500. The
 * response schemas hold no codecs or transforms, so parsing answers what encoding would, at less
 * than half the cost: fastify-type-provider-zod's own compiler encodes (a page of ten tasks took
 * 31 µs to encode, 12 µs to parse, on this machine).
 */
export const responseSerializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema, method, url }) => {
  if (!(schema instanceof z.ZodType)) throw new Error(`${method} ${url}: its response schema is not a zod schema`);
  return (data) => {
    const result = schema.safeParse(data);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
};
