// End-to-end tests drive Debian's Chromium, never a downloaded browser: its headless shell
// (Debian's package chromium-headless-shell, built from the same source as its chromium) when
// installed, else the full browser. The shell is Chromium's old headless mode, without the browser
// UI's processes and work: the same specs passed in about two thirds of the time on 2 cores.
import { execFileSync } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const SHELL = "/usr/bin/chromium-headless-shell";
const FULL = "/usr/bin/chromium";
/** Written once the shell was asked of apt, found or not. */
const SHELL_TRIED = join(tmpdir(), "hub-chromium-headless-shell-tried");

/** The browser the suite drives: CHROMIUM_PATH when set, else the headless shell, else the full browser. */
export const chromiumPath = () => process.env.CHROMIUM_PATH ?? (existsSync(SHELL) ? SHELL : FULL);

/**
 * Installs what is missing when root: the full browser (the need), then the headless shell (a
 * speed-up a mirror may lack: tried once a machine, noted in a marker so later runs do not ask apt
 * again). Exits when no browser is left to drive.
 */
export const ensureChromium = () => {
  const shellTried = existsSync(SHELL_TRIED);
  if (existsSync(chromiumPath()) && (process.env.CHROMIUM_PATH || existsSync(SHELL) || shellTried)) return;
  if (process.getuid?.() === 0) {
    console.log("Installing Debian's Chromium…");
    try {
      execFileSync(
        "bash",
        [
          "-c",
          `(apt-get update -qq || true) && (test -x ${FULL} || DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-dejavu-core) && (DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell || echo "No chromium-headless-shell here: the full browser is driven.")`,
        ],
        { stdio: "inherit" },
      );
      writeFileSync(SHELL_TRIED, "");
    } catch {
      // The full browser may still be there: checked below.
    }
  }
  if (existsSync(chromiumPath())) return;
  console.error(
    `Chromium is not installed at ${chromiumPath()}. Install it with:\n\n  sudo apt-get install -y chromium chromium-headless-shell\n`,
  );
  process.exit(1);
};

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();
