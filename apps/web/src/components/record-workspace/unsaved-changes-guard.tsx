import { useRef } from "react";
import { useBeforeUnload, useBlocker } from "react-router";
import { ConfirmDialog } from "../confirm-dialog";

/**
 * Asks before leaving a tab whose form has unsaved changes: another tab, another page, or the
 * browser's back button (react-router's blocker), and closing or reloading the page (the
 * browser's own prompt). Render it inside the tab's form.
 */
export function UnsavedChangesGuard({ dirty, what = "this tab" }: { dirty: boolean; what?: string }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useBeforeUnload((event) => {
    if (dirty) event.preventDefault();
  });
  const leaving = useRef(false);
  return (
    <ConfirmDialog
      open={blocker.state === "blocked"}
      danger
      title="Discard unsaved changes?"
      message={`You changed ${what} without saving. Leave and lose those changes?`}
      confirmLabel="Discard changes"
      onConfirm={async () => {
        leaving.current = true;
        blocker.proceed?.();
      }}
      onClose={() => {
        if (!leaving.current) blocker.reset?.();
        leaving.current = false;
      }}
    />
  );
}
