// DATABASE_READ_URL and COUNTS_REFRESH_MS: checked at start like the other settings.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';

const primary = 'postgres://app@db.example:5432/openings';

describe('DATABASE_READ_URL', () => {
  it('is optional, and read as given', () => {
    expect(loadConfig({ DATABASE_URL: primary }).databaseReadUrl).toBeUndefined();
    const replica = 'postgresql://app@replica.example:5432/openings';
    expect(loadConfig({ DATABASE_URL: primary, DATABASE_READ_URL: replica }).databaseReadUrl).toBe(
      replica,
    );
  });

  it('must be a PostgreSQL URL', () => {
    expect(() =>
      loadConfig({ DATABASE_URL: primary, DATABASE_READ_URL: 'mysql://replica/openings' }),
    ).toThrow(/DATABASE_READ_URL: must start with postgres:\/\/ or postgresql:\/\//);
  });

  it('needs DATABASE_URL, the primary it replicates', () => {
    expect(() => loadConfig({ DATABASE_READ_URL: primary })).toThrow(
      /DATABASE_READ_URL: needs DATABASE_URL/,
    );
  });
});

describe('COUNTS_REFRESH_MS', () => {
  it('defaults to five minutes and refuses less than a second', () => {
    expect(loadConfig({}).countsRefreshMs).toBe(300_000);
    expect(loadConfig({ COUNTS_REFRESH_MS: '2000' }).countsRefreshMs).toBe(2_000);
    expect(() => loadConfig({ COUNTS_REFRESH_MS: '10' })).toThrow(/COUNTS_REFRESH_MS/);
  });
});
