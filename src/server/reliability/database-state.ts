// Whether the database answers, as one process sees it. Every place that meets a database error
// (the API's error handler, the page path, the pool's idle-client errors, the view flusher) reports
// here, so an outage logs one JSON line when it starts and one when it ends (with how many
// failures it caused), instead of a multi-line dump per failed request.
import { isDatabaseUnavailable } from './database-unavailable.ts';

/** The logger calls this module makes (pino's, as Fastify's app.log is). */
export interface StateLogger {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface DatabaseState {
  /**
   * Reports a failure; says whether it means "database unavailable". Unavailable errors only
   * count towards the outage; other errors are logged here only when `logOthers` is set.
   */
  failed(err: unknown, source: string, options?: { logOthers?: boolean }): boolean;
  /** Reports that the database answered (ends an outage). */
  ok(): void;
  readonly unavailable: boolean;
  /** Logs through this logger from now on (the app's, once it exists). */
  useLogger(log: StateLogger): void;
}

/** Single JSON lines on stderr, for the time before the app's logger exists. */
const stderrLogger: StateLogger = {
  warn: (details, msg) => writeLine(40, details, msg),
  info: (details, msg) => writeLine(30, details, msg),
  error: (details, msg) => writeLine(50, details, msg),
};

function writeLine(level: number, details: object, msg: string) {
  process.stderr.write(`${JSON.stringify({ level, time: Date.now(), ...details, msg })}\n`);
}

/** The error as one line's fields: no stack, no driver internals. */
export function errorFields(err: unknown): { code?: string; error: string } {
  let current: unknown = err;
  // Drizzle wraps the driver's error ("Failed query: …" with the SQL); the cause says what failed.
  while (
    current instanceof Error &&
    current.cause instanceof Error &&
    !(current as { code?: unknown }).code
  ) {
    current = current.cause;
  }
  const code = (current as { code?: unknown } | null)?.code;
  const message =
    current instanceof Error
      ? current.message
      : current instanceof Object
        ? String((current as { message?: unknown }).message ?? current)
        : String(current);
  return {
    ...(typeof code === 'string' ? { code } : {}),
    error: message.split('\n')[0]!.slice(0, 300),
  };
}

/** A long outage gets one reminder line (with the count so far) this often. */
const STILL_DOWN_REPORT_MS = 60_000;

export function createDatabaseState(initialLogger: StateLogger = stderrLogger): DatabaseState {
  let log = initialLogger;
  let down = false;
  let since = 0;
  let failures = 0;
  let lastReport = 0;

  return {
    failed(err, source, options = {}) {
      if (!isDatabaseUnavailable(err)) {
        if (options.logOthers) log.error({ source, ...errorFields(err) }, 'database error');
        return false;
      }
      failures += 1;
      if (!down) {
        down = true;
        since = Date.now();
        lastReport = since;
        log.warn({ source, ...errorFields(err) }, 'database unavailable');
      } else if (Date.now() - lastReport >= STILL_DOWN_REPORT_MS) {
        lastReport = Date.now();
        log.warn({ downForMs: lastReport - since, failures }, 'database still unavailable');
      }
      return true;
    },
    ok() {
      if (!down) return;
      log.info({ downForMs: Date.now() - since, failures }, 'database available again');
      down = false;
      failures = 0;
    },
    get unavailable() {
      return down;
    },
    useLogger(next) {
      log = next;
    },
  };
}
