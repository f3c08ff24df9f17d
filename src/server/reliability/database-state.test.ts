import { describe, expect, it } from 'vitest';
import { createDatabaseState, errorFields, type StateLogger } from './database-state.ts';

function recorder() {
  const lines: { level: string; msg: string; details: Record<string, unknown> }[] = [];
  const log: StateLogger = {
    warn: (details, msg) => lines.push({ level: 'warn', msg, details: { ...details } }),
    info: (details, msg) => lines.push({ level: 'info', msg, details: { ...details } }),
    error: (details, msg) => lines.push({ level: 'error', msg, details: { ...details } }),
  };
  return { lines, log };
}

const refused = () =>
  Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

describe('database state', () => {
  it('logs an outage once when it starts and once when it ends, with the failure count', () => {
    const { lines, log } = recorder();
    const state = createDatabaseState(log);
    expect(state.unavailable).toBe(false);
    for (let i = 0; i < 50; i++) expect(state.failed(refused(), i % 2 ? 'api' : 'page')).toBe(true);
    expect(state.unavailable).toBe(true);
    state.ok();
    state.ok();
    expect(lines.map((l) => [l.level, l.msg])).toEqual([
      ['warn', 'database unavailable'],
      ['info', 'database available again'],
    ]);
    expect(lines[0]!.details).toMatchObject({ source: 'page', code: 'ECONNREFUSED' });
    expect(lines[1]!.details).toMatchObject({ failures: 50 });
    // A second outage is told again, counted from zero.
    state.failed(refused(), 'pool');
    state.ok();
    expect(lines.slice(2).map((l) => l.msg)).toEqual([
      'database unavailable',
      'database available again',
    ]);
    expect(lines[3]!.details).toMatchObject({ failures: 1 });
  });

  it('does not count other errors, and logs them only when asked', () => {
    const { lines, log } = recorder();
    const state = createDatabaseState(log);
    const bug = Object.assign(new Error('syntax error at or near "selec"'), { code: '42601' });
    expect(state.failed(bug, 'api')).toBe(false);
    expect(lines).toEqual([]);
    expect(state.failed(bug, 'view flush', { logOthers: true })).toBe(false);
    expect(lines).toEqual([
      {
        level: 'error',
        msg: 'database error',
        details: { source: 'view flush', code: '42601', error: 'syntax error at or near "selec"' },
      },
    ]);
    expect(state.unavailable).toBe(false);
  });

  it('describes an error in one short line, from the driver error Drizzle wraps', () => {
    const driver = Object.assign(new Error('terminating connection\nDETAIL: more'), {
      code: '57P01',
    });
    const wrapped = new Error('Failed query: select 1\nparams: ', { cause: driver });
    expect(errorFields(wrapped)).toEqual({ code: '57P01', error: 'terminating connection' });
    expect(errorFields('x'.repeat(1000)).error).toHaveLength(300);
  });
});
