// Start-up failures a person can act on: each known cause (a bad setting, the port taken, the
// database unreachable or refusing, a database newer than the code, a data directory owned by
// another process or damaged) becomes one line on stderr saying what is wrong and what to do,
// and the process exits non-zero. Never a stack trace: an unknown cause prints its message.

export interface StartupContext {
  port?: number | undefined;
  databaseUrl?: string | undefined;
}

type ErrorLike = Error & {
  code?: string;
  port?: number;
  errors?: unknown[];
  cause?: unknown;
};

/** The error and everything it wraps: causes (Drizzle's) and an AggregateError's members (pg). */
function chain(err: unknown): ErrorLike[] {
  const found: ErrorLike[] = [];
  const visit = (e: unknown, depth: number) => {
    if (!(e instanceof Error) || depth > 5 || found.includes(e as ErrorLike)) return;
    found.push(e as ErrorLike);
    const like = e as ErrorLike;
    visit(like.cause, depth + 1);
    if (Array.isArray(like.errors)) for (const inner of like.errors) visit(inner, depth + 1);
  };
  visit(err, 0);
  return found;
}

/** host:port/database of a PostgreSQL URL, without user or password. */
export function describePostgres(databaseUrl: string): {
  where: string;
  user: string;
  database: string;
} {
  try {
    const url = new URL(databaseUrl);
    const database = decodeURIComponent(url.pathname.replace(/^\//, '')) || 'postgres';
    return {
      where: `${url.hostname || 'localhost'}:${url.port || '5432'}`,
      user: decodeURIComponent(url.username) || 'postgres',
      database,
    };
  } catch {
    return { where: 'DATABASE_URL', user: '?', database: '?' };
  }
}

const firstLine = (text: string) => text.split('\n')[0] ?? '';

const NETWORK: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host not found',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ETIMEDOUT: 'timed out',
};

/** One line that says what went wrong at start and what to do about it. */
export function describeStartupError(err: unknown, context: StartupContext = {}): string {
  const errors = chain(err);
  const top = errors[0];
  if (!top) return `Start-up failed: ${String(err)}`;
  const byCode = (code: string) => errors.find((e) => e.code === code);

  for (const code of ['DATA_DIR_LOCKED', 'DATA_DIR_DAMAGED', 'MIGRATIONS_NEWER']) {
    const found = byCode(code);
    if (found) return found.message;
  }
  if (top.message.startsWith('Invalid environment:')) {
    const problems = top.message
      .split('\n')
      .slice(1)
      .map((line) => line.trim());
    return `Invalid environment: ${problems.join('; ')}`;
  }
  const inUse = byCode('EADDRINUSE');
  if (inUse) return `Port ${inUse.port ?? context.port ?? '?'} is in use; set PORT`;
  const denied = errors.find((e) => e.code === 'EACCES' && 'port' in e);
  if (denied)
    return `Port ${denied.port ?? context.port ?? '?'} needs privileges; set PORT above 1023`;

  if (context.databaseUrl) {
    const pg = describePostgres(context.databaseUrl);
    const network = errors.find((e) => e.code && NETWORK[e.code]);
    if (network?.code) return `Cannot reach PostgreSQL at ${pg.where}: ${NETWORK[network.code]}`;
    if (errors.some((e) => /connection timeout|timeout expired/i.test(e.message))) {
      return `Cannot reach PostgreSQL at ${pg.where}: timed out`;
    }
    const refused = byCode('28P01') ?? byCode('28000');
    if (refused) {
      return (
        `PostgreSQL at ${pg.where} refused user "${pg.user}": ${firstLine(refused.message)}; ` +
        'check the user and password in DATABASE_URL'
      );
    }
    if (byCode('3D000')) {
      return (
        `PostgreSQL at ${pg.where} has no database "${pg.database}"; ` +
        `create it (createdb ${pg.database}) or fix DATABASE_URL`
      );
    }
    const starting = byCode('57P03');
    if (starting) return `PostgreSQL at ${pg.where} is not ready: ${firstLine(starting.message)}`;
    const fromDatabase = errors.find(
      (e) => typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code),
    );
    if (fromDatabase) {
      return `PostgreSQL at ${pg.where} failed: ${firstLine(fromDatabase.message)} (${fromDatabase.code})`;
    }
  }
  // Drizzle's message repeats the whole failed statement; the reason is in the cause.
  const reason = errors.find((e) => !e.message.startsWith('Failed query')) ?? top;
  return `Start-up failed: ${firstLine(reason.message)}`;
}

/**
 * Until the server listens, an error that escapes (a top-level await rejecting lands here) is a
 * start-up failure: one line, exit 1. Call done() once the server serves; from then on the
 * process guards (process-guards.ts) handle faults.
 */
export function reportStartupErrors(context: () => StartupContext = () => ({})) {
  let active = true;
  const handler = (err: unknown) => {
    if (!active) return;
    let line: string;
    try {
      line = describeStartupError(err, context());
    } catch {
      line = `Start-up failed: ${err instanceof Error ? err.message : String(err)}`;
    }
    process.stderr.write(`${line}\n`);
    process.exit(1);
  };
  process.on('uncaughtException', handler);
  return {
    done() {
      active = false;
      process.off('uncaughtException', handler);
    },
  };
}
