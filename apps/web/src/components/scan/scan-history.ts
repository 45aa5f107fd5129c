/** What a screen answers for one scan: shown big, green or red, and kept in the list of last scans. */
export type ScanResult = {
  ok: boolean;
  message: string;
  /** Kept in the browser to be sent when the network is back ("queued, offline"). */
  queued?: boolean;
};

export type ScanEntry = {
  id: number;
  code: string;
  at: Date;
  /** Null while the screen is still answering. */
  result: ScanResult | null;
};

/**
 * What a scanner typed, trimmed (scanners may send spaces, tabs or a carriage return around the
 * code); null when nothing is left.
 */
export const cleanScan = (raw: string): string | null => {
  const code = raw.trim();
  return code === "" ? null : code;
};

/**
 * A nervous double press: the same code again within `windowMs` of the last time it was taken.
 * `lastTaken` remembers when each code was last taken.
 */
export const isRepeat = (lastTaken: ReadonlyMap<string, number>, code: string, now: number, windowMs: number) => {
  const at = lastTaken.get(code);
  return at !== undefined && now - at < windowMs;
};

/** The newest scan first, at most `keep` of them. */
export const withScan = (entries: readonly ScanEntry[], entry: ScanEntry, keep: number): ScanEntry[] =>
  [entry, ...entries].slice(0, keep);

/** Sets the answer of one scan, leaving the others as they are. */
export const withResult = (entries: readonly ScanEntry[], id: number, result: ScanResult): ScanEntry[] =>
  entries.map((e) => (e.id === id ? { ...e, result } : e));
