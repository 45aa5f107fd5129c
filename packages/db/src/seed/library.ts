import type { HubDb } from "../client";

/**
 * The demo factory's manufacturing library (issue 4). Safe to run on every start: it writes
 * nothing when the demo factory already has styles.
 */
export const seedDemoLibrary = async (_db: HubDb): Promise<void> => {
  // filled in by the library seed
};
