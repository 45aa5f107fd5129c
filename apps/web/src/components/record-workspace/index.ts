export { RecordWorkspace, type WorkspaceTab } from "./record-workspace";
export { isStaleTabError, TabForm, type TabFormProps, useTabSaveState } from "./tab-form";
export { workspaceTabRoutes } from "./tab-routes";
export { UnsavedChangesGuard } from "./unsaved-changes-guard";
export { TabLoader, useWorkspaceTabForm, type WorkspaceTabProps } from "./workspace-tab";
