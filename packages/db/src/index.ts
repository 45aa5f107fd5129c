export * from "./client";
export * as schema from "./schema/index";
export { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData, seedReferenceData } from "./seed/index";
export { demoSketchOf } from "./seed/sketches";
export {
  databaseTemplatePath,
  ensureDatabaseTemplate,
  ensureDatabaseTemplateDump,
  isTemplate,
  type TemplateKind,
} from "./template";
