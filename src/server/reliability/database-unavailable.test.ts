import { createServer, type Socket } from 'node:net';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { sql } from 'drizzle-orm';
import { isDatabaseUnavailable } from './database-unavailable.ts';
import { startTcpProxy } from '../../../test/support/tcp-proxy.ts';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection', withCode('ECONNREFUSED')],
    ['a reset connection', withCode('ECONNRESET')],
    ['an administrator shutdown', withCode('57P01')],
    ['a crash shutdown', withCode('57P02')],
    ['a server starting up', withCode('57P03')],
    ['a connection exception class', withCode('08006')],
    ['a connection that does not exist', withCode('08003')],
    ['a connection that could not be made', withCode('08001')],
    ['an aborted connection', withCode('ECONNABORTED')],
    ['a lost client', new Error('Client was closed and is not queryable')],
    ['a query read timeout', new Error('Query read timeout')],
    ['a pool used after end', new Error('Cannot use a pool after calling end on the pool')],
    ['a connect timeout', new Error('Connection terminated due to connection timeout')],
    ['a server shutting down (no code)', new Error('the database system is shutting down')],
    ['a closed embedded database', new Error('PGlite is closed (exit 1)')],
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

  it('recognises what node-postgres really throws: refused, starting up, pool time-out', async () => {
    const refusing = createServer();
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
    const refusedPort = (refusing.address() as { port: number }).port;
    await new Promise((resolve) => refusing.close(resolve));
    const held = new Set<Socket>();
    const silent = createServer((socket) => held.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const silentPort = (silent.address() as { port: number }).port;
    const startingUp = await startTcpProxy('127.0.0.1', refusedPort);
    startingUp.shutDown();
    const errorOf = async (port: number) => {
      const pool = new pg.Pool({
        connectionString: `postgres://postgres@127.0.0.1:${port}/x`,
        connectionTimeoutMillis: 300,
      });
      const err = await pool.query('select 1').catch((e: unknown) => e);
      await pool.end();
      return err as Error & { code?: string };
    };
    try {
      const refused = await errorOf(refusedPort);
      const starting = await errorOf(startingUp.port);
      const timedOut = await errorOf(silentPort);
      expect(refused.code).toBe('ECONNREFUSED');
      expect(starting.code).toBe('57P03');
      expect(timedOut.message).toMatch(/timeout/i);
      for (const err of [refused, starting, timedOut]) {
        expect(isDatabaseUnavailable(err), err.message).toBe(true);
        expect(isDatabaseUnavailable(new DrizzleQueryError('select 1', [], err))).toBe(true);
      }
    } finally {
      await startingUp.close();
      for (const socket of held) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('recognises a query on a closed PGlite', async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    await database.close();
    const err = await database.db.execute(sql`select 1`).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(err)).toBe(true);
  });
});
