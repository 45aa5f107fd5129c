/**
 * Cutting (docs/adr/0007-cut-planning.md), one file per part: cutters (cutters.service.ts), the pull
 * queue (pull.service.ts), plans (cut-plans.service.ts, over planner.ts), tickets
 * (cut-tickets.service.ts) and the cut unit sheet (cut-sheet.service.ts), with cutting-rows.ts
 * beneath them. This file is their one door for the routes.
 */

export * from "./cut-plans.service";
export * from "./cut-sheet.service";
export * from "./cut-tickets.service";
export * from "./cutters.service";
export * from "./pull.service";
