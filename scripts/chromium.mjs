// End-to-end tests drive Debian's Chromium, never a downloaded browser.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const ensureChromium = () => {
  if (existsSync(CHROMIUM)) return;
  if (process.getuid?.() === 0) {
    console.log("Chromium is missing: installing Debian's package…");
    execFileSync(
      "bash",
      [
        "-c",
        "(apt-get update -qq || true) && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-dejavu-core",
      ],
      {
        stdio: "inherit",
      },
    );
    if (existsSync(CHROMIUM)) return;
  }
  console.error(`Chromium is not installed at ${CHROMIUM}. Install it with:\n\n  sudo apt-get install -y chromium\n`);
  process.exit(1);
};

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();
