// Tells "the database cannot be reached right now" (and "a statement ran past its time bound")
// apart from every other failure, so the API can answer 503 with Retry-After (a client should try
// again) instead of 500 (a bug), and pages can show "temporarily unavailable". Works for
// node-postgres and PGlite errors.

export const DATABASE_UNAVAILABLE_MESSAGE =
  'The database is temporarily unavailable. Please try again shortly.';
/** Seconds a client should wait before retrying while the database is away. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

const networkCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ECONNABORTED',
  'ENETDOWN',
  'EHOSTDOWN',
  'EADDRNOTAVAIL',
]);

// PostgreSQL SQLSTATEs: class 08 (connection exception), 57P01–57P03 (admin shutdown, crash
// shutdown, cannot connect now), 53300 (too many connections).
const sqlStates = new Set(['57P01', '57P02', '57P03', '53300']);

// For errors that carry no code: node-postgres' own (a lost socket, a pool or client used after it
// ended, the pool's and the query's time-outs), the server's text when a code got lost on the way,
// and the embedded PGlite once closed.
const messages = [
  /connection terminated/i,
  /client was closed and is not queryable/i,
  /query read timeout/i,
  /the database system is (starting up|shutting down|in recovery mode|not yet accepting)/i,
  /terminating connection due to administrator command/i,
  /server closed the connection unexpectedly/i,
  /connection timeout/i,
  /timeout exceeded when trying to connect/i,
  /cannot use a pool after calling end/i,
  /client has encountered a connection error/i,
  /connection is closed/i,
  /PGlite is closed/i,
];

function isUnavailableError(err: { code?: unknown; message?: unknown }): boolean {
  const code = typeof err.code === 'string' ? err.code : '';
  if (networkCodes.has(code) || sqlStates.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
  const message = typeof err.message === 'string' ? err.message : '';
  return messages.some((re) => re.test(message));
}

/** True when the error or one of its causes (Drizzle wraps driver errors) passes `test`. */
function anyCause(err: unknown, test: (e: { code?: unknown; message?: unknown }) => boolean) {
  const seen = new Set<unknown>();
  let current: unknown = err;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    if (test(current)) return true;
    if (current instanceof AggregateError && current.errors.some((e) => anyCause(e, test)))
      return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** True when the error, or one of its causes, means "database away". */
export function isDatabaseUnavailable(err: unknown): boolean {
  return anyCause(err, isUnavailableError);
}

export const QUERY_TOO_SLOW_MESSAGE =
  'This took too long to answer. Please try again in a moment, or narrow it with a filter.';

/**
 * PostgreSQL cancelled a statement that ran past its bound (57014, POSTGRES_TIMEOUTS in
 * db/client.ts): the database is busy or the question is heavy, not a bug, so 503 like above.
 */
export function isStatementTimeout(err: unknown): boolean {
  return anyCause(err, (e) => e.code === '57014');
}
