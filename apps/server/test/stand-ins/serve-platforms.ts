import { startPlatformStandIn } from "./platforms";

/**
 * The store and shipping platforms' stand-in as a process of its own, for the end-to-end Hub
 * (scripts/e2e.mjs points STORE_PLATFORM_URL and SHIPPING_PLATFORM_URL at it): prints its address
 * on one line and serves until it is stopped.
 */
const standIn = await startPlatformStandIn();
process.stdout.write(`PLATFORM_STAND_IN ${standIn.url}\n`);
const stop = () => void standIn.close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
