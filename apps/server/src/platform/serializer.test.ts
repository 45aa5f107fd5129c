import Fastify from "fastify";
import { expect, test } from "vitest";
import { z } from "zod";
import { convertsValues, responseSerializerCompiler } from "./serializer";

const serializer = (schema: z.ZodType) =>
  responseSerializerCompiler({ schema, method: "GET", url: "/x", httpStatus: "200" });

test("a plain schema's answer is checked by parsing: undeclared fields dropped, a broken answer refused", () => {
  const Item = z.object({ id: z.number().int(), name: z.string().max(5), at: z.iso.datetime().nullable() });
  const schema = z.object({ items: z.array(Item), total: z.number() });
  expect(convertsValues(schema)).toBe(false);
  const write = serializer(schema);
  const answer = { items: [{ id: 1, name: "a", at: null, passwordHash: "x" }], total: 1, secret: "k" };
  expect(JSON.parse(write(answer))).toEqual({ items: [{ id: 1, name: "a", at: null }], total: 1 });
  // Checks still run: too long a name, a missing field, a wrong type.
  expect(() => write({ items: [{ id: 1, name: "abcdef", at: null }], total: 1 })).toThrow(/Response doesn't match/);
  expect(() => write({ items: [{ id: 1, at: null }], total: 1 })).toThrow(/Response doesn't match/);
  expect(() => write({ items: [], total: "1" })).toThrow(/Response doesn't match/);
});

test("a schema that converts values anywhere in it is encoded, as the type provider did", () => {
  const date = z.codec(z.iso.datetime(), z.date(), {
    decode: (s) => new Date(s),
    encode: (d) => d.toISOString(),
  });
  const schema = z.object({ list: z.array(z.object({ at: date })) });
  expect(convertsValues(schema)).toBe(true);
  const at = new Date("2026-11-30T08:00:00.000Z");
  expect(JSON.parse(serializer(schema)({ list: [{ at }] }))).toEqual({ list: [{ at: "2026-11-30T08:00:00.000Z" }] });
  for (const converting of [
    z.object({ a: z.string().transform((s) => s.length) }),
    z.object({ a: z.string().default("x") }),
    z.object({ a: z.string().catch("x") }),
    z.object({ a: z.string().readonly() }),
    z.object({ a: z.string().pipe(z.string()) }),
    z.discriminatedUnion("kind", [z.object({ kind: z.literal("a") }), z.object({ kind: z.literal("b") })]),
  ])
    expect(convertsValues(converting)).toBe(true);
});

test("a recursive schema is walked once, and a conversion deep inside it is found", () => {
  type Node = { name: string; children: Node[] };
  const Plain: z.ZodType<Node> = z.lazy(() => z.object({ name: z.string(), children: z.array(Plain) }));
  expect(convertsValues(Plain)).toBe(false);
  const Converting: z.ZodType<unknown> = z.lazy(() =>
    z.object({ name: z.string().default(""), children: z.array(Converting) }),
  );
  expect(convertsValues(Converting)).toBe(true);
  expect(convertsValues(z.union([z.string(), z.record(z.string(), z.array(z.number().nullable()))]))).toBe(false);
});

test("through Fastify: the answer is its schema's JSON, and one that breaks it is a 500", async () => {
  const app = Fastify();
  app.setSerializerCompiler(responseSerializerCompiler);
  const schema = { response: { 200: z.object({ id: z.number() }) } };
  app.get("/ok", { schema }, async () => ({ id: 7, token: "never sent" }));
  app.get("/broken", { schema }, async () => ({ id: "seven" }));
  const ok = await app.inject({ method: "GET", url: "/ok" });
  expect(ok.statusCode).toBe(200);
  expect(ok.json()).toEqual({ id: 7 });
  expect((await app.inject({ method: "GET", url: "/broken" })).statusCode).toBe(500);
  await app.close();
});
