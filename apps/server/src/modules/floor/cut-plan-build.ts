import { CUTTING_MESSAGES, type TPlanGroup, type TPlanLimits } from "@hub/contracts";
import type { HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { and, asc, eq, inArray, or, sql } from "drizzle-orm";
import type { PlanUnit, StoredPlan } from "./cut-plans.service";
import {
  type MarkerInfo,
  naivePlan,
  type PlanGroupInput,
  PlanInputError,
  planGroup,
  sizeLengths,
  sizesOfRange,
  totalsOf,
} from "./planner";

/** A cut plan's building: the styles' facts (sizes, markers, consumption) and the lays planned from them (pure). */

/** The sizes of each style in order (from its Size option), its markers and its fabric consumption. */
export const styleFacts = async (tx: HubTx, styleIds: number[]) => {
  if (styleIds.length === 0) return { sizes: [], markers: [], fabrics: [] };
  const sizes = await tx
    .select({
      styleId: schema.styleOptionAttributes.styleId,
      code: schema.attributes.code,
      name: schema.attributes.name,
    })
    .from(schema.styleOptionAttributes)
    .innerJoin(schema.options, eq(schema.options.id, schema.styleOptionAttributes.optionId))
    .innerJoin(schema.attributes, eq(schema.attributes.id, schema.styleOptionAttributes.attributeId))
    .where(
      and(
        inArray(schema.styleOptionAttributes.styleId, styleIds),
        or(sql`${schema.options.code} ~* 'size'`, sql`${schema.options.name} ~* 'size'`),
      ),
    )
    .orderBy(asc(schema.styleOptionAttributes.sortOrder), asc(schema.attributes.sortOrder));
  const markers = await tx
    .select({
      id: schema.styleMarkers.id,
      styleId: schema.styleMarkers.styleId,
      name: schema.styleMarkers.name,
      sizeRange: schema.styleMarkers.sizeRange,
      lengthInches: schema.styleMarkers.lengthInches,
      efficiencyPct: schema.styleMarkers.efficiencyPct,
    })
    .from(schema.styleMarkers)
    .where(inArray(schema.styleMarkers.styleId, styleIds))
    .orderBy(asc(schema.styleMarkers.id));
  const fabrics = await tx
    .select({
      styleId: schema.styleFabrics.styleId,
      fabricId: schema.styleFabrics.fabricId,
      consumption: schema.styleFabrics.consumption,
    })
    .from(schema.styleFabrics)
    .where(inArray(schema.styleFabrics.styleId, styleIds))
    .orderBy(asc(schema.styleFabrics.id));
  return { sizes, markers, fabrics };
};

type Facts = Awaited<ReturnType<typeof styleFacts>>;

/** The plan of some units: grouped by fabric, colour and style, each group planned (pure). */
export const buildPlan = (
  units: PlanUnit[],
  facts: Facts,
  body: { limits: TPlanLimits; fabricMaxPlies: { fabricId: number; maxPlies: number }[] },
): StoredPlan => {
  const unplanned: StoredPlan["unplanned"] = [];
  type Group = {
    units: PlanUnit[];
    fabricId: number;
    fabricCode: string;
    colour: string | null;
    styleId: number;
    styleCode: string;
  };
  const groups = new Map<string, Group>();
  for (const x of units) {
    if (x.fabricId === null || x.fabricCode === null) {
      unplanned.push({ unitId: x.id, barcode: x.barcode, reason: CUTTING_MESSAGES.noFabric });
      continue;
    }
    if (x.size === null) {
      unplanned.push({ unitId: x.id, barcode: x.barcode, reason: CUTTING_MESSAGES.noSize });
      continue;
    }
    if (x.styleId === null) {
      unplanned.push({ unitId: x.id, barcode: x.barcode, reason: CUTTING_MESSAGES.noLength });
      continue;
    }
    const key = `${x.fabricId}|${x.colour ?? ""}|${x.styleId}`;
    let g = groups.get(key);
    if (!g) {
      g = {
        units: [],
        fabricId: x.fabricId,
        fabricCode: x.fabricCode,
        colour: x.colour,
        styleId: x.styleId,
        styleCode: x.styleCode ?? "",
      };
      groups.set(key, g);
    }
    g.units.push(x);
  }
  const maxPliesOf = new Map(body.fabricMaxPlies.map((f) => [f.fabricId, f.maxPlies]));
  const out: TPlanGroup[] = [];
  let layNo = 0;
  const ordered = [...groups.values()].sort(
    (a, b) =>
      a.fabricCode.localeCompare(b.fabricCode) ||
      (a.colour ?? "").localeCompare(b.colour ?? "") ||
      a.styleCode.localeCompare(b.styleCode),
  );
  for (const g of ordered) {
    const styleSizes = facts.sizes.filter((s) => s.styleId === g.styleId).map((s) => ({ code: s.code, name: s.name }));
    for (const x of g.units) {
      if (x.size && !styleSizes.some((s) => s.code === x.size)) styleSizes.push({ code: x.size, name: x.size });
    }
    const markers: MarkerInfo[] = facts.markers
      .filter((m) => m.styleId === g.styleId)
      .map((m) => ({
        id: m.id,
        name: m.name,
        sizeRange: m.sizeRange,
        lengthInches: m.lengthInches,
        efficiencyPct: m.efficiencyPct,
      }));
    const dep = facts.fabrics.find((f) => f.styleId === g.styleId && f.fabricId === g.fabricId);
    const lengths = sizeLengths(
      styleSizes,
      markers,
      dep ? { consumption: dep.consumption, unit: g.units[0]?.fabricUnit ?? "yd" } : null,
    );
    const known = new Set(lengths.map((l) => l.size));
    const bySize = new Map<string, PlanUnit[]>();
    for (const x of g.units) {
      if (!known.has(x.size ?? "")) {
        unplanned.push({ unitId: x.id, barcode: x.barcode, reason: CUTTING_MESSAGES.noLength });
        continue;
      }
      const list = bySize.get(x.size ?? "") ?? [];
      list.push(x);
      bySize.set(x.size ?? "", list);
    }
    if (bySize.size === 0) continue;
    const limits = {
      ...body.limits,
      maxPlies: Math.min(body.limits.maxPlies, maxPliesOf.get(g.fabricId) ?? Number.MAX_SAFE_INTEGER),
    };
    const input: PlanGroupInput = {
      key: `${g.fabricId}|${g.colour ?? ""}|${g.styleId}`,
      sizes: lengths.filter((l) => bySize.has(l.size)),
      demand: Object.fromEntries([...bySize].map(([s, list]) => [s, list.length])),
      limits,
    };
    let planned: ReturnType<typeof planGroup>;
    let naive: ReturnType<typeof naivePlan>;
    try {
      planned = planGroup(input);
      naive = naivePlan(input);
    } catch (e) {
      if (!(e instanceof PlanInputError)) throw e;
      for (const list of bySize.values())
        for (const x of list)
          unplanned.push({ unitId: x.id, barcode: x.barcode, reason: CUTTING_MESSAGES.tooLongForTable });
      continue;
    }
    // Units to lays: each size's units in pull order, the biggest lays first.
    const next = new Map([...bySize].map(([s, list]) => [s, [...list]]));
    const lays = planned.lays.map((lay) => {
      const unitIds: number[] = [];
      for (const [size, n] of Object.entries(lay.ratio)) {
        const list = next.get(size) ?? [];
        unitIds.push(...list.splice(0, n * lay.plies).map((x) => x.id));
      }
      // The marker that covers most of the lay's garments.
      let marker: MarkerInfo | null = null;
      let best = 0;
      for (const m of markers) {
        const range = sizesOfRange(m.sizeRange, styleSizes);
        const covered = Object.entries(lay.ratio).reduce((a, [s, n]) => a + (range.includes(s) ? n : 0), 0);
        if (covered > best) {
          best = covered;
          marker = m;
        }
      }
      layNo += 1;
      return {
        lay: layNo,
        ...lay,
        markerId: marker?.id ?? null,
        markerName: marker?.name ?? null,
        unitIds,
        ticketId: null,
        ticketNumber: null,
        cutterStationId: null,
      };
    });
    out.push({
      fabricId: g.fabricId,
      fabricCode: g.fabricCode,
      colour: g.colour,
      styleId: g.styleId,
      styleCode: g.styleCode,
      maxPlies: limits.maxPlies,
      demand: input.demand,
      lays,
      totals: planned.totals,
      naiveTotals: naive.totals,
    });
  }
  return {
    limits: body.limits,
    groups: out,
    totals: totalsOf(out.flatMap((g) => g.lays)),
    naiveTotals: {
      ...sumTotals(out.map((g) => g.naiveTotals)),
    },
    unplanned,
  };
};

const sumTotals = (list: TPlanGroup["totals"][]): TPlanGroup["totals"] => {
  const fabric = list.reduce((a, t) => a + t.fabricInches, 0);
  const used = list.reduce((a, t) => a + t.fabricInches * t.utilisation, 0);
  return {
    lays: list.reduce((a, t) => a + t.lays, 0),
    plies: list.reduce((a, t) => a + t.plies, 0),
    garments: list.reduce((a, t) => a + t.garments, 0),
    fabricInches: Math.round(fabric * 100) / 100,
    utilisation: fabric > 0 ? Math.round((used / fabric) * 10_000) / 10_000 : 0,
  };
};
