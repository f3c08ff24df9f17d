import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { sql } from 'drizzle-orm';
import { isDatabaseUnavailable } from './database-unavailable.ts';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection', withCode('ECONNREFUSED')],
    ['a reset connection', withCode('ECONNRESET')],
    ['an administrator shutdown', withCode('57P01')],
    ['a server starting up', withCode('57P03')],
    ['a connection exception class', withCode('08006')],
    ['too many connections', withCode('53300')],
    ['pg losing its socket', new Error('Connection terminated unexpectedly')],
    ['a pool connect timeout', new Error('timeout exceeded when trying to connect')],
    [
      'a driver error wrapped by Drizzle',
      new DrizzleQueryError('select 1', [], withCode('ECONNREFUSED')),
    ],
    ['one of several errors', new AggregateError([new Error('a'), withCode('ECONNREFUSED')])],
  ])('recognises %s', (_label, err) => {
    expect(isDatabaseUnavailable(err)).toBe(true);
  });

  it.each([
    ['a syntax error', withCode('42601', 'syntax error at or near "selec"')],
    ['a unique violation', withCode('23505', 'duplicate key value')],
    ['a statement timeout', withCode('57014', 'canceling statement due to statement timeout')],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a non-error', 'ECONNREFUSED'],
    ['nothing', undefined],
  ])('does not take %s for an outage', (_label, err) => {
    expect(isDatabaseUnavailable(err)).toBe(false);
  });

  it('survives a cause cycle', () => {
    const a = new Error('a') as Error & { cause?: unknown };
    const b = new Error('b', { cause: a });
    a.cause = b;
    expect(isDatabaseUnavailable(a)).toBe(false);
  });

  it('recognises a query on a closed PGlite', async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    await database.close();
    const err = await database.db.execute(sql`select 1`).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(err)).toBe(true);
  });
});
