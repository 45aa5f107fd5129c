export * from "./client";
export * as schema from "./schema/index";
export { seedReferenceData, seedDemoData, DEMO_PASSWORD, DEMO_ACCOUNTS } from "./seed/index";
export { databaseTemplatePath, ensureDatabaseTemplate, ensureDatabaseTemplateDump, isTemplate, type TemplateKind } from "./template";
