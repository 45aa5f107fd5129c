export { RecordWorkspace, type WorkspaceTab } from "./record-workspace";
export { isStaleTabError, TabForm, useTabSaveState } from "./tab-form";
export { workspaceTabRoutes } from "./tab-routes";
export { UnsavedChangesGuard } from "./unsaved-changes-guard";
