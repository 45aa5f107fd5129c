import { createHmac } from "node:crypto";
import type { WALL_DASHBOARDS } from "@hub/contracts/dashboards/production";

/**
 * A wall display link's token (wall.ts): the payload as base64url JSON, a dot, and its HMAC-SHA256
 * under a key derived from the Hub's secret key. Node's crypto only, so the end-to-end tests can
 * sign the token a link would carry (an expired one) with the key of the Hub they drive.
 */
export type WallPayload = {
  /** The dashboard. */
  d: (typeof WALL_DASHBOARDS)[number];
  /** The client the screen shows, or null. */
  c: number | null;
  /** The facilities it shows, or null. */
  f: number[] | null;
  /** Its label. */
  l: string;
  /** When it expires, in seconds since the epoch. */
  e: number;
};

const keyOf = (secretKey: Buffer) => createHmac("sha256", secretKey).update("hub.dashboards.wall.v1").digest();
const b64 = (b: Buffer | string) => Buffer.from(b).toString("base64url");
export const wallMac = (secretKey: Buffer, body: string) =>
  createHmac("sha256", keyOf(secretKey)).update(body).digest();

export const signWallPayload = (secretKey: Buffer, payload: WallPayload): string => {
  const body = b64(JSON.stringify(payload));
  return `${body}.${b64(wallMac(secretKey, body))}`;
};
