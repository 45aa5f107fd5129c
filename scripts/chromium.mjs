// End-to-end tests drive Debian's Chromium, never a downloaded browser: its headless shell
// (Debian's package chromium-headless-shell, built from the same source as its chromium) when
// installed, else the full browser. The shell is Chromium's old headless mode, without the browser
// UI's processes and work: the same specs passed in about two thirds of the time on 2 cores.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

const SHELL = "/usr/bin/chromium-headless-shell";
const FULL = "/usr/bin/chromium";

/** The browser the suite drives: CHROMIUM_PATH when set, else the headless shell, else the full browser. */
export const chromiumPath = () => process.env.CHROMIUM_PATH ?? (existsSync(SHELL) ? SHELL : FULL);

export const ensureChromium = () => {
  if (existsSync(chromiumPath())) return;
  if (process.getuid?.() === 0) {
    console.log("Chromium is missing: installing Debian's packages…");
    try {
      execFileSync(
        "bash",
        [
          "-c",
          // The full browser first (the need), then the shell (a speed-up a mirror may lack).
          `(apt-get update -qq || true) && (test -x ${FULL} || DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-dejavu-core) && (DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell || true)`,
        ],
        { stdio: "inherit" },
      );
    } catch {
      // The full browser may still be there (or install alone): checked below.
    }
  }
  if (existsSync(chromiumPath())) return;
  console.error(
    `Chromium is not installed at ${chromiumPath()}. Install it with:\n\n  sudo apt-get install -y chromium chromium-headless-shell\n`,
  );
  process.exit(1);
};

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();
