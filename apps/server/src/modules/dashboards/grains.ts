import { FLOOR_GRAINS } from "./floor-grains";
import type { GrainDef } from "./grain-sql";
import { SALES_GRAINS } from "./sales-grains";

/**
 * Every grain of the dashboard rollups (ADR 0014): the Sales Dashboard's (sales-grains.ts) and the
 * floor's (floor-grains.ts). One refresh rolls them all up, day by day (rollups.ts).
 */
export const GRAIN_DEFS = { ...SALES_GRAINS, ...FLOOR_GRAINS } satisfies Record<string, GrainDef>;
export type Grain = keyof typeof GRAIN_DEFS;
export const GRAINS = Object.keys(GRAIN_DEFS) as Grain[];
