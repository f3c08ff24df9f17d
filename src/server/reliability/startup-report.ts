// The one info line the server logs at start: which database it uses (the embedded directory,
// or PostgreSQL's host:port/database — never the password), whether it created or migrated it,
// whether it seeded the demo data, and whether the cookie secret is new. A data directory that
// vanished and was made again shows here as a new database with new demo data.
import { describePostgres } from './startup-errors.ts';

export interface StartupFacts {
  databaseUrl: string | undefined;
  dataDir: string;
  /** The embedded database did not exist before this start. */
  created: boolean;
  migrationsApplied: number;
  seeded: boolean;
  /** A cookie secret was made (no COOKIE_SECRET, none kept in DATA_DIR): old cookies are void. */
  newCookieSecret: boolean;
}

export function startupReport(facts: StartupFacts): { msg: string; database: object } {
  const where = facts.databaseUrl
    ? (() => {
        const pg = describePostgres(facts.databaseUrl);
        return `PostgreSQL at ${pg.where}/${pg.database}`;
      })()
    : `embedded database in ${facts.dataDir}`;
  const parts = [
    facts.created ? 'new database created' : 'existing database',
    facts.migrationsApplied > 0
      ? `${facts.migrationsApplied} migration${facts.migrationsApplied === 1 ? '' : 's'} applied`
      : 'no migration to apply',
    facts.seeded ? 'demo data seeded' : 'no demo data added',
  ];
  if (facts.newCookieSecret) parts.push('new cookie secret (earlier visitor cookies are void)');
  return {
    msg: `database: ${where}: ${parts.join(', ')}`,
    database: {
      kind: facts.databaseUrl ? 'postgres' : 'pglite',
      created: facts.created,
      migrationsApplied: facts.migrationsApplied,
      seeded: facts.seeded,
      newCookieSecret: facts.newCookieSecret,
    },
  };
}
