export * from "./client";
export { pgliteOf, runNamedOnPglite } from "./pglite-named";
export { quotedCostColumns } from "./quoted-cost";
export { openReadReplica, type ReadReplica, type ReplicaOptions } from "./replica";
export * as schema from "./schema/index";
export { defaultMark, defaultMarksWhere } from "./seed/card-defaults";
export { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData, seedReferenceData } from "./seed/index";
export { demoSketchOf } from "./seed/sketches";
export {
  databaseTemplatePath,
  ensureDatabaseTemplate,
  ensureDatabaseTemplateDump,
  isTemplate,
  type TemplateKind,
} from "./template";
