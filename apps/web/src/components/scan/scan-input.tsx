import CheckCircle from "@mui/icons-material/CheckCircle";
import ErrorIcon from "@mui/icons-material/Error";
import HourglassTop from "@mui/icons-material/HourglassTop";
import QrCodeScanner from "@mui/icons-material/QrCodeScanner";
import { Box, List, ListItem, Stack, TextField, Typography } from "@mui/material";
import { type FormEvent, useCallback, useEffect, useRef, useState } from "react";
import { messageOf } from "../../lib/api-error";
import { CameraScanButton } from "./camera-scan-button";
import { cleanScan, isRepeat, type ScanEntry, type ScanResult, withResult, withScan } from "./scan-history";

export type { ScanResult } from "./scan-history";

type Props = {
  /**
   * Answers one scan. A thrown error is shown as a failed scan with its message (the server's
   * message for an API error).
   */
  onScan: (code: string) => Promise<ScanResult> | ScanResult;
  label?: string;
  /** How many of the last scans to list. */
  keep?: number;
  /** The same code again within this many milliseconds is a double press and is ignored. */
  repeatWindowMs?: number;
};

/** Read by screen readers, not shown. */
const visuallyHidden = {
  position: "absolute",
  width: 1,
  height: 1,
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  whiteSpace: "nowrap",
} as const;

/** Inputs, text areas, selects and editable text keep their focus: the scan field never steals it. */
const isEditable = (el: Element | null) =>
  el instanceof HTMLElement &&
  (el.isContentEditable ||
    el instanceof HTMLTextAreaElement ||
    el instanceof HTMLSelectElement ||
    (el instanceof HTMLInputElement && !["button", "checkbox", "radio", "submit", "reset"].includes(el.type)));

/** A dialog, menu or other modal is open: it owns the keyboard until it closes. */
const modalOpen = () => document.querySelector('.MuiModal-root, [aria-modal="true"]') !== null;

/**
 * The scanner-first input of the floor screens. A USB scanner is a keyboard that types a code and
 * Enter: the field takes it, trims it, hands it to `onScan`, then clears and keeps the focus (it
 * takes it back after clicks elsewhere on the page and when a dialog closes, and catches a code
 * typed while a button or link has the focus). The last scan shows big, green or red with the
 * screen's message, and is announced to screen readers; the last `keep` scans are listed with time
 * and outcome. The same code within `repeatWindowMs` is ignored. Where the device has a camera, a
 * Camera button reads a code with it.
 */
export function ScanInput({ onScan, label = "Scan or type a code", keep = 10, repeatWindowMs = 1500 }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState("");
  const [entries, setEntries] = useState<ScanEntry[]>([]);
  const lastTaken = useRef(new Map<string, number>());
  const nextId = useRef(1);
  const answer = useRef(onScan);
  answer.current = onScan;

  const focus = useCallback(() => input.current?.focus({ preventScroll: true }), []);
  /** Takes the focus back unless a modal is open or the person is typing somewhere else. */
  const refocus = useCallback(() => {
    if (!modalOpen() && !isEditable(document.activeElement)) focus();
  }, [focus]);

  const take = useCallback(
    async (raw: string) => {
      setValue("");
      focus();
      const code = cleanScan(raw);
      if (!code) return;
      const now = Date.now();
      if (isRepeat(lastTaken.current, code, now, repeatWindowMs)) return;
      for (const [c, at] of lastTaken.current) if (now - at >= repeatWindowMs) lastTaken.current.delete(c);
      lastTaken.current.set(code, now);
      const id = nextId.current++;
      setEntries((list) => withScan(list, { id, code, at: new Date(now), result: null }, keep));
      let result: ScanResult;
      try {
        result = await answer.current(code);
      } catch (error) {
        result = { ok: false, message: messageOf(error) };
      }
      setEntries((list) => withResult(list, id, result));
    },
    [focus, keep, repeatWindowMs],
  );

  useEffect(() => {
    // After a click anywhere (once the click's own work is done), take the focus back.
    const onClick = () => setTimeout(refocus, 0);
    // A scanner typing while a button or link has the focus: send the keys to the field.
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.target === input.current || e.ctrlKey || e.metaKey || e.altKey) return;
      if (e.key.length !== 1 || e.key === " " || modalOpen() || isEditable(document.activeElement)) return;
      focus();
    };
    // A dialog or menu closing (MUI removes its modal from the body): take the focus back.
    let wasOpen = modalOpen();
    const observer = new MutationObserver(() => {
      const open = modalOpen();
      if (wasOpen && !open) setTimeout(refocus, 0);
      wasOpen = open;
    });
    observer.observe(document.body, { childList: true });
    document.addEventListener("click", onClick);
    document.addEventListener("keydown", onKeyDown, true);
    return () => {
      observer.disconnect();
      document.removeEventListener("click", onClick);
      document.removeEventListener("keydown", onKeyDown, true);
    };
  }, [focus, refocus]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void take(value);
  };
  const last = entries[0];

  return (
    <Stack spacing={2}>
      <Box component="form" onSubmit={submit} sx={{ display: "flex", gap: 2, alignItems: "stretch" }}>
        <TextField
          inputRef={input}
          autoFocus
          value={value}
          onChange={(e) => setValue(e.target.value)}
          label={label}
          autoComplete="off"
          slotProps={{
            htmlInput: {
              "data-testid": "scan-input",
              autoCapitalize: "off",
              autoCorrect: "off",
              spellCheck: false,
              enterKeyHint: "go",
              style: { fontSize: 32, fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace" },
            },
            input: { sx: { minHeight: 72 } },
            inputLabel: { sx: { fontSize: 20 } },
          }}
        />
        <CameraScanButton onDetected={(code) => void take(code)} />
      </Box>
      <ScanStatus last={last} />
      <Box aria-live="assertive" aria-atomic="true" sx={visuallyHidden}>
        {last?.result ? `${last.result.ok ? "Scanned" : "Failed"} ${last.code}: ${last.result.message}` : ""}
      </Box>
      <ScanList entries={entries} />
    </Stack>
  );
}

const STATE_STYLE = {
  idle: { bgcolor: "grey.100", color: "text.primary", Icon: QrCodeScanner },
  pending: { bgcolor: "grey.200", color: "text.primary", Icon: HourglassTop },
  queued: { bgcolor: "warning.light", color: "text.primary", Icon: HourglassTop },
  ok: { bgcolor: "success.dark", color: "common.white", Icon: CheckCircle },
  error: { bgcolor: "error.dark", color: "common.white", Icon: ErrorIcon },
} as const;

const stateOf = (entry: ScanEntry | undefined) =>
  !entry ? "idle" : !entry.result ? "pending" : entry.result.queued ? "queued" : entry.result.ok ? "ok" : "error";

/** The last scan, big: green with a tick, red with the message, grey while waiting. */
function ScanStatus({ last }: { last: ScanEntry | undefined }) {
  const state = stateOf(last);
  const { bgcolor, color, Icon } = STATE_STYLE[state];
  return (
    <Box
      data-testid="scan-status"
      data-state={state}
      sx={{ bgcolor, color, borderRadius: 2, p: 3, minHeight: 120, display: "flex", alignItems: "center", gap: 3 }}
    >
      <Icon sx={{ fontSize: 64 }} aria-hidden />
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontSize: 32, fontWeight: 800, lineHeight: 1.2, overflowWrap: "anywhere" }}>
          {!last ? "Ready to scan" : last.code}
        </Typography>
        <Typography sx={{ fontSize: 22, fontWeight: 600 }}>
          {!last ? "Scan a barcode or type a code and press Enter." : (last.result?.message ?? "Checking…")}
        </Typography>
      </Box>
    </Box>
  );
}

/** The last scans, newest first: time, code and outcome. */
function ScanList({ entries }: { entries: ScanEntry[] }) {
  if (entries.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="last-scans">
      <Typography id="last-scans" variant="h6" component="h2" sx={{ mb: 1 }}>
        Last scans
      </Typography>
      <List disablePadding data-testid="scan-history">
        {entries.map((e) => {
          const state = stateOf(e);
          return (
            <ListItem
              key={e.id}
              divider
              data-state={state}
              sx={{ minHeight: 56, gap: 2, fontSize: 18, alignItems: "center" }}
            >
              <Box component="time" dateTime={e.at.toISOString()} sx={{ color: "text.secondary", minWidth: 96 }}>
                {e.at.toLocaleTimeString()}
              </Box>
              <Box sx={{ fontFamily: "monospace", fontWeight: 700, minWidth: 160, overflowWrap: "anywhere" }}>
                {e.code}
              </Box>
              <Box
                sx={{
                  color: state === "ok" ? "success.dark" : state === "error" ? "error.dark" : "text.secondary",
                  fontWeight: 600,
                }}
              >
                {state === "queued" ? "Queued" : state === "ok" ? "OK" : state === "error" ? "Error" : "Checking…"}
                {e.result ? `: ${e.result.message}` : ""}
              </Box>
            </ListItem>
          );
        })}
      </List>
    </Box>
  );
}
