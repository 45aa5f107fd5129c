export * from "./client";
export * as schema from "./schema/index";
export { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData, seedReferenceData } from "./seed/index";
export {
  databaseTemplatePath,
  ensureDatabaseTemplate,
  ensureDatabaseTemplateDump,
  isTemplate,
  type TemplateKind,
} from "./template";
