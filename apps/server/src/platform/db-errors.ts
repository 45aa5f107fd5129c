/**
 * What a database error means, on either driver: PostgreSQL's SQLSTATE codes, looked up through
 * Drizzle's wrapper (`DrizzleQueryError.cause`) and any error that wraps another.
 */

/** The SQLSTATE (or Node's socket code, ECONNREFUSED and the like) of an error or of what it wraps. */
export const pgErrorCode = (error: unknown): string | undefined => {
  for (let e: unknown = error, depth = 0; e && typeof e === "object" && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string") return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
};

const hasPgCode = (error: unknown, code: string): boolean => pgErrorCode(error) === code;

/** A unique-index violation: two saves raced past a check; answer with the field, or the winner's row. */
export const isUniqueViolation = (error: unknown): boolean => hasPgCode(error, "23505");
/** Another record still points at this one (a table without cascade): refuse, do not fail. */
export const isForeignKeyViolation = (error: unknown): boolean => hasPgCode(error, "23503");

/** Socket codes of a server that is not there (restarting, failed over, unreachable). */
const SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EHOSTUNREACH"]);
/**
 * SQLSTATEs of a server that cannot serve now: class 08 (connection exceptions), 57P01-57P03
 * (admin or crash shutdown, cannot connect now: a restart or a failover), 53300 (too many
 * connections), 55000 on a database not accepting connections.
 */
const SERVER_CODES = /^(08...|57P0[123]|53300)$/;
/** What pg says when its connection ends under a query, or a pool cannot get one in time. */
const LOST_MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|terminating connection|the database system is (starting up|shutting down|in recovery mode)|is not currently accepting connections/i;

/**
 * The database could not be reached or dropped the connection: the request did not fail on its
 * own merits, and the same request may well succeed in a moment (a 503, not a 500).
 */
export const isDatabaseUnavailable = (error: unknown): boolean => {
  for (let e: unknown = error, depth = 0; e && typeof e === "object" && depth < 5; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === "string" && (SOCKET_CODES.has(code) || SERVER_CODES.test(code))) return true;
    if (typeof message === "string" && LOST_MESSAGES.test(message)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
};
