import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { setPopBlocker } from "../../lib/pop-guard";
import { ConfirmDialog } from "../confirm-dialog";

/** Where a leave was headed: a path to navigate to, or a step back/forward in the history. */
type Leave = { kind: "link"; to: string } | { kind: "history"; to: string; delta: number };

/** react-router keeps the history entry's index in its state (`idx`); null outside the router. */
const historyIndex = (): number | null => {
  const state: unknown = window.history.state;
  if (state && typeof state === "object" && "idx" in state && typeof state.idx === "number") return state.idx;
  return null;
};

const here = () => `${window.location.pathname}${window.location.search}${window.location.hash}`;

/**
 * Asks before leaving a tab whose form has unsaved changes: a link to another tab or page, the
 * browser's back and forward buttons, and closing or reloading the page (the browser's own prompt).
 * Render it inside the tab's form.
 *
 * The app uses the declarative router (the data router, which has `useBlocker`, would add about
 * 18 KB gzip to the login page), so the guard listens where navigation starts: link clicks in the
 * capture phase, before the link's own handler, and `popstate` through `lib/pop-guard.ts`, whose
 * listener runs before the router's. A programmatic `navigate()` (after a save, say) is not asked about.
 */
export function UnsavedChangesGuard({ dirty, what = "this tab" }: { dirty: boolean; what?: string }) {
  const navigate = useNavigate();
  const [leave, setLeave] = useState<Leave | null>(null);
  const leaving = useRef(false);
  /** The history index the page had while the form was dirty, to step back to when staying. */
  const armedAt = useRef<number | null>(null);
  /** A history step the guard itself makes (restoring the URL) is not a leave. */
  const restoring = useRef(false);
  /** A confirmed history leave, passed on to the router. */
  const passing = useRef(false);

  useEffect(() => {
    if (!dirty) return;
    armedAt.current = historyIndex();
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = event.target instanceof Element ? event.target.closest("a[href]") : null;
      if (!(anchor instanceof HTMLAnchorElement)) return;
      if (anchor.target && anchor.target !== "_self") return;
      if (anchor.hasAttribute("download")) return;
      const url = new URL(anchor.href, window.location.href);
      if (url.origin !== window.location.origin || url.pathname === window.location.pathname) return;
      event.preventDefault();
      event.stopPropagation();
      setLeave({ kind: "link", to: `${url.pathname}${url.search}${url.hash}` });
    };
    const onPop = (): boolean => {
      if (passing.current) {
        passing.current = false;
        return false;
      }
      if (restoring.current) {
        restoring.current = false;
        return true;
      }
      const from = armedAt.current;
      const to = historyIndex();
      if (from === null || to === null || from === to) return false;
      // The browser already shows the other entry; the router must not follow it yet.
      setLeave({ kind: "history", to: here(), delta: from - to });
      return true;
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    document.addEventListener("click", onClick, true);
    const removePopBlocker = setPopBlocker(onPop);
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => {
      document.removeEventListener("click", onClick, true);
      removePopBlocker();
      window.removeEventListener("beforeunload", onBeforeUnload);
    };
  }, [dirty]);

  return (
    <ConfirmDialog
      open={leave !== null}
      danger
      title="Discard unsaved changes?"
      message={`You changed ${what} without saving. Leave and lose those changes?`}
      confirmLabel="Discard changes"
      onConfirm={async () => {
        leaving.current = true;
        if (!leave) return;
        if (leave.kind === "link") {
          navigate(leave.to);
          return;
        }
        // The browser already shows the entry: hand the router the popstate it did not see.
        passing.current = true;
        window.dispatchEvent(new PopStateEvent("popstate", { state: window.history.state }));
      }}
      onClose={() => {
        if (!leaving.current && leave?.kind === "history" && leave.delta !== 0) {
          // Staying: step back to the entry this tab is on.
          restoring.current = true;
          window.history.go(leave.delta);
        }
        leaving.current = false;
        setLeave(null);
      }}
    />
  );
}
