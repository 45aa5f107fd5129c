/**
 * The browser's back and forward buttons, seen before the router sees them. A window's `popstate`
 * listeners run in the order they were added (capture or not), so this one is added when the app's
 * code loads, before the router's: a screen with unsaved changes (a record workspace tab) sets a
 * blocker, which may keep the router from following the step and ask first.
 */
type PopBlocker = (event: PopStateEvent) => boolean;

let blocker: PopBlocker | null = null;
let installed = false;

/** Adds the one listener; app.tsx calls it at load, before the router mounts. */
export const installPopGuard = (): void => {
  if (installed || typeof window === "undefined") return;
  installed = true;
  window.addEventListener("popstate", (event) => {
    if (blocker?.(event)) event.stopImmediatePropagation();
  });
};

/** Sets the blocker (true: the router must not follow this step); returns its removal. */
export const setPopBlocker = (next: PopBlocker): (() => void) => {
  blocker = next;
  return () => {
    if (blocker === next) blocker = null;
  };
};
