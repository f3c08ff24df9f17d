// The link rule (src/shared/safe-url.ts) as the database enforces it: a migration adds this CHECK
// to every column that holds a link from data, so no import path can store a javascript: link.
export { isSafeHttpUrl } from '../../shared/safe-url.ts';

/**
 * The rule as a PostgreSQL CHECK expression, for the schema owner's migration, e.g.
 * `alter table jobs add constraint jobs_apply_link_http check (<this with the column>)`.
 */
export const SAFE_URL_CHECK_SQL = (column: string) =>
  `${column} ~ '^https?://[^[:space:][:cntrl:]/?#@]+([/?#][^[:space:][:cntrl:]]*)?$'`;
