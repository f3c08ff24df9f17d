import { describe, expect, it } from 'vitest';
import type { TaskRunRow } from '../modules/tasks/task-runner.ts';
import { formatRuns } from './tasks.ts';

function run(
  name: string,
  result: unknown,
  status: TaskRunRow['status'] = 'succeeded',
): TaskRunRow {
  return {
    id: 1,
    name,
    periodKey: '2026-11-26T06:00',
    status,
    attempts: 1,
    nextAttemptAt: '2026-11-26T06:00:00.000Z',
    lastError: status === 'failed' ? 'SMTP refused' : null,
    result,
    startedAt: '2026-11-26T06:00:00.000Z',
    finishedAt: '2026-11-26T06:00:01.000Z',
  };
}

describe('npm run tasks: what a run did', () => {
  it('says done of a task that reports nothing, not null', () => {
    const line = formatRuns([run('counts-refresh', null)]);
    expect(line).toMatch(/^counts-refresh +succeeded attempt 1 .* done$/);
    expect(line).not.toContain('null');
  });

  it("gives a result's figures as words", () => {
    expect(formatRuns([run('expire-jobs', { expired: 3 })])).toMatch(/ expired 3$/);
    expect(formatRuns([run('apply-link-checks', { checked: 12, closed: 1 })])).toMatch(
      / checked 12, closed 1$/,
    );
    expect(formatRuns([run('prune-task-runs', {})])).toMatch(/ done$/);
  });

  it('gives a failed run its error', () => {
    expect(formatRuns([run('alert-digests', null, 'failed')])).toMatch(/ failed +.* SMTP refused$/);
    expect(formatRuns([])).toBe('No runs yet.');
  });
});
