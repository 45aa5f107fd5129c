import type { TMachineRequest } from "@hub/contracts";
import { machinesApi } from "@hub/contracts/library/resources-api";
import { schema } from "@hub/db";
import { asc, count, eq, sql } from "drizzle-orm";
import type { LibraryResource } from "../resource";
import { col, nameList } from "../scope";

const m = schema.machines;
const i = schema.instructions;
const instructionCount = sql<number>`(select count(*)::int from ${i} where ${col(i.machineId)} = ${col(m.id)})`;

/** Machines: the floor's sewing and cutting machines, and the instructions done on them. */
export const machinesResource: LibraryResource<TMachineRequest> = {
  api: machinesApi,
  noun: "machine",
  table: m,
  columns: {
    id: m.id,
    factoryId: m.factoryId,
    archived: m.archived,
    updatedAt: m.updatedAt,
    code: m.code,
    name: m.name,
    machineType: m.machineType,
    make: m.make,
    instructionCount: instructionCount.as("instruction_count"),
  },
  label: sql`${m.code} || ' · ' || ${m.name}`,
  sortable: {
    code: m.code,
    name: m.name,
    machineType: m.machineType,
    make: m.make,
    instructionCount,
    updatedAt: m.updatedAt,
  },
  defaultSort: ["code", "asc"],
  search: [m.code, m.name, m.machineType, m.make],
  values: async (_tx, req) => ({ code: req.code, name: req.name, machineType: req.machineType, make: req.make }),
  unique: [{ field: "code", column: m.code, message: "This code is already used by another machine" }],
  detail: async (db, row) => ({
    instructions: await db
      .select({ id: i.id, code: i.code, name: i.name })
      .from(i)
      .where(eq(i.machineId, Number(row.id)))
      .orderBy(asc(i.code)),
  }),
  usedBy: async (db, id) => {
    const st = schema.styleInstructions;
    const [n] = await db.select({ n: count() }).from(st).where(eq(st.machineId, id));
    const total = Number(n?.n ?? 0);
    if (total === 0) return null;
    const rows = await db
      .selectDistinct({ code: schema.styles.code })
      .from(st)
      .innerJoin(schema.styles, eq(schema.styles.id, st.styleId))
      .where(eq(st.machineId, id))
      .limit(5);
    return `This machine is named in the construction steps of ${nameList(
      rows.map((r) => r.code),
      rows.length,
    )}. Archive it instead.`;
  },
  csv: [
    { header: "code", value: (r) => r.code },
    { header: "name", value: (r) => r.name },
    { header: "machineType", value: (r) => r.machineType },
    { header: "make", value: (r) => r.make },
    { header: "instructions", value: (r) => r.instructionCount },
    { header: "archived", value: (r) => r.archived },
  ],
};
