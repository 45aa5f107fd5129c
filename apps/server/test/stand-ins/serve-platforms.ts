import { startPlatformStandIn } from "./platforms";
import { startS3StandIn } from "./s3";

/** The bucket of the S3 stand-in that the end-to-end S3 order import spec watches. */
const E2E_BUCKET = "e2e-orders";

/**
 * The store and shipping platforms' stand-in and an S3 stand-in, as a process of their own for the
 * end-to-end Hub (scripts/e2e.mjs points STORE_PLATFORM_URL and SHIPPING_PLATFORM_URL at the first,
 * and hands the second's address to the specs): prints both addresses on one line and serves until
 * it is stopped.
 */
const standIn = await startPlatformStandIn();
const s3 = await startS3StandIn(E2E_BUCKET);
process.stdout.write(`PLATFORM_STAND_IN ${standIn.url} ${s3.url}\n`);
const stop = () => void Promise.all([standIn.close(), s3.close()]).then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
