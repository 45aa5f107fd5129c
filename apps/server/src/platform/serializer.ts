import type { FastifySerializerCompiler } from "fastify/types/schema";
import { ResponseSerializationError } from "fastify-type-provider-zod";
import { safeEncode, safeParse, type z } from "zod";
import type { $ZodType } from "zod/v4/core";

/**
 * The answers' serializer: every response is checked against its operation's declared schema (an
 * answer that breaks its contract is a 500, never sent) and written as JSON of what the schema
 * keeps (fields it does not declare are dropped).
 *
 * fastify-type-provider-zod checks by encoding, which Zod does in two passes wherever a schema has
 * checks (a first pass without them, then again with them, at every level): a page of 25 orders
 * took 85 µs, a parse 20 µs. Encoding and parsing differ only in the kinds of schema that convert
 * values (codecs, transforms, pipes, defaults, catches, read-only), so a response schema with none
 * of those anywhere in it is checked by parsing; the others are encoded, as before.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<unknown> = ({ schema, method, url }) => {
  const zod = schemaOf(schema);
  const check = convertsValues(zod) ? safeEncode : safeParse;
  return (data) => {
    const result = check(zod as z.ZodType, data);
    if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
};

/** A route's response schema: a Zod schema, or one under `properties` (as the type provider accepts). */
const schemaOf = (schema: unknown): $ZodType => {
  if (isZod(schema)) return schema;
  const inner = (schema as { properties?: unknown } | null)?.properties;
  if (isZod(inner)) return inner;
  throw new Error(`A response schema is not a Zod schema: ${JSON.stringify(schema)}`);
};

const isZod = (value: unknown): value is $ZodType =>
  typeof value === "object" && value !== null && "_zod" in value && typeof value._zod === "object";

/** The kinds of schema whose parse and encode answer the same value for the same valid input. */
const NEUTRAL = new Set([
  "string",
  "number",
  "int",
  "boolean",
  "bigint",
  "null",
  "undefined",
  "void",
  "never",
  "any",
  "unknown",
  "date",
  "nan",
  "enum",
  "literal",
  "template_literal",
  "object",
  "array",
  "tuple",
  "record",
  "map",
  "set",
  "union",
  "intersection",
  "optional",
  "nullable",
  "nonoptional",
  "lazy",
]);

/**
 * Whether a schema, or any schema inside it, is of a kind whose encoding differs from its parse.
 * Its definition's values that are schemas (or lists or records of them) are its children; a lazy
 * schema's child is what its getter answers; each schema is visited once (recursive schemas).
 */
export const convertsValues = (root: $ZodType): boolean => {
  const seen = new Set<$ZodType>();
  const visit = (s: $ZodType): boolean => {
    if (seen.has(s)) return false;
    seen.add(s);
    const def = s._zod.def as { type: string; getter?: () => unknown } & Record<string, unknown>;
    // A discriminated union is a union whose encode may fall back to trying each option: not neutral.
    if (!NEUTRAL.has(def.type) || (def.type === "union" && "discriminator" in def)) return true;
    // Its checks (lengths, formats, refinements) hold values to test, not schemas.
    const children: unknown[] =
      def.type === "lazy" && def.getter
        ? [def.getter()]
        : Object.entries(def).flatMap(([key, value]) => (key === "checks" ? [] : [value]));
    return children.some((child) => childrenOf(child).some(visit));
  };
  return visit(root);
};

/** The schemas a definition's value holds: itself, a list's or a shape's. */
const childrenOf = (value: unknown): $ZodType[] => {
  if (isZod(value)) return [value];
  if (Array.isArray(value)) return value.filter(isZod);
  if (typeof value === "object" && value !== null && !("_zod" in value))
    return Object.values(value as Record<string, unknown>).filter(isZod);
  return [];
};
