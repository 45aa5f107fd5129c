import { type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";

const dialect = new PgDialect();

/**
 * A figure of a dashboard: its statement over each part of its grain (`grainParts`), for
 * `readFigures`. `source` is the grain's live rows and `over` the statement over them: figures of
 * one grain and scope read those rows once (a CTE of the view's one statement).
 */
export type Figure = {
  rolled: SQL | undefined;
  live: SQL | undefined;
  source?: SQL;
  over?: (rows: SQL) => SQL;
};

/**
 * The live part of each figure, in one statement: the live rows a grain and scope give, read once
 * (`with live_0 as (…)`, materialised as it is read by several figures), then each figure's rows.
 */
export const liveStatement = (figures: readonly Figure[], extra: SQL): { statement: SQL; read: number[] } => {
  const sources = new Map<string, { name: string; rows: SQL; uses: number }>();
  const keyOf = (x: SQL) => {
    const q = dialect.sqlToQuery(x);
    return `${q.sql}\u0000${JSON.stringify(q.params)}`;
  };
  const planned = figures.map((f) => {
    if (!f.live) return undefined;
    if (!f.source || !f.over) return f.live;
    const key = keyOf(f.source);
    let shared = sources.get(key);
    if (!shared) {
      shared = { name: `live_${sources.size}`, rows: f.source, uses: 0 };
      sources.set(key, shared);
    }
    shared.uses += 1;
    return { shared, over: f.over, alone: f.live };
  });
  const read: number[] = [];
  const columns: SQL[] = [];
  planned.forEach((x, i) => {
    if (x === undefined) return;
    read.push(i);
    // A source read by one figure stays inline (the planner sees through it).
    const rows =
      "shared" in x ? (x.shared.uses > 1 ? x.over(sql.raw(`select * from "${x.shared.name}"`)) : x.alone) : x;
    columns.push(sql`(select coalesce(json_agg(x), '[]'::json) from (${rows}) x) as ${sql.raw(`"f${i}"`)}`);
  });
  columns.push(extra);
  const ctes = [...sources.values()].filter((x) => x.uses > 1);
  const withClause =
    ctes.length === 0
      ? sql``
      : sql`with ${sql.join(
          ctes.map((x) => sql`${sql.raw(`"${x.name}"`)} as materialized (${x.rows})`),
          sql`, `,
        )} `;
  return { statement: sql`${withClause}select ${sql.join(columns, sql`, `)}`, read };
};
