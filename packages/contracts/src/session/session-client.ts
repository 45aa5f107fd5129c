/**
 * The session client of spec 4, without zod, so the web app's first page can read it cheaply.
 * Re-exported by ./clients.
 */

/** The header an internal user's requests carry to name the client they work in. */
export const SESSION_CLIENT_HEADER = "x-session-client";
/** Where the web app keeps an internal user's chosen session client (logout clears it). */
export const SESSION_CLIENT_STORAGE_KEY = "hub.sessionClient";
/**
 * The user types that choose a session client: the internal types of USER_TYPES (isInternal),
 * repeated here so the header need not load the zod schemas; a server test keeps the two equal.
 */
export const SESSION_CLIENT_USER_TYPES: readonly string[] = ["icreate"];
