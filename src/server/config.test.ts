import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { describeStartupError } from './reliability/startup-errors.ts';

describe('PUBLIC_URL', () => {
  it('is this machine at PORT when unset, so a server on another port accepts its own pages', () => {
    expect(loadConfig({}).publicUrl).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '4000' }).publicUrl).toBe('http://localhost:4000');
  });

  it('is the address given, without a trailing slash, whatever the port', () => {
    expect(loadConfig({ PORT: '4000', PUBLIC_URL: 'https://jobs.example/' }).publicUrl).toBe(
      'https://jobs.example',
    );
  });
});

/** The one line a start with `env` stops with, as main.ts and the commands print it. */
function refusal(env: NodeJS.ProcessEnv): string {
  try {
    loadConfig(env);
  } catch (err) {
    return describeStartupError(err);
  }
  throw new Error('not refused');
}

describe('PUBLIC_URL refused', () => {
  it('says an address of another scheme must be http(s), not "Invalid URL"', () => {
    expect(refusal({ PUBLIC_URL: 'ftp://jobs.example' })).toBe(
      'Invalid environment: PUBLIC_URL: must be an http:// or https:// address',
    );
  });

  it('refuses a path, which some links kept and others dropped, in one line', () => {
    for (const value of [
      'https://jobs.example/jobs',
      'https://jobs.example/jobs/',
      'https://jobs.example/?a=1',
      'https://jobs.example#top',
      'https://user:pw@jobs.example',
    ]) {
      expect(refusal({ PUBLIC_URL: value }), value).toBe(
        `Invalid environment: PUBLIC_URL: must be the site's address alone, http(s)://host[:port], ` +
          `not ${JSON.stringify(value)}: the app is served at the root, so a path (or query, ` +
          'fragment or user) would be lost',
      );
    }
    expect(loadConfig({ PUBLIC_URL: 'http://127.0.0.1:8080//' }).publicUrl).toBe(
      'http://127.0.0.1:8080',
    );
  });
});

describe('empty values', () => {
  it('PUBLIC_URL= is unset: this machine at PORT', () => {
    expect(loadConfig({ PUBLIC_URL: '', PORT: '4000' }).publicUrl).toBe('http://localhost:4000');
  });

  it('COOKIE_SECRET= is unset (one is made and kept in DATA_DIR), not a too-short secret', () => {
    expect(loadConfig({ COOKIE_SECRET: '' }).cookieSecret).toBeUndefined();
    expect(refusal({ COOKIE_SECRET: 'short' })).toBe(
      'Invalid environment: COOKIE_SECRET: must be at least 32 characters',
    );
  });
});

describe('TRUST_PROXY', () => {
  it('takes what Fastify takes: true, false, a hop count, addresses, CIDRs and named ranges', () => {
    for (const value of [
      'true',
      'false',
      '2',
      '10.0.0.1, 192.168.0.0/16,loopback',
      '::1/128',
      '',
    ]) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).not.toThrow();
    }
  });

  it('names the variable for anything else, before the database is opened', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'banana' })).toThrow(
      'Invalid environment:\n  TRUST_PROXY: must be true, false, a hop count, or comma-separated proxy addresses/CIDRs, not "banana"',
    );
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow('TRUST_PROXY: must be');
  });
});

describe('HOST', () => {
  it('takes an IP address or a host name', () => {
    for (const host of ['0.0.0.0', '::', '127.0.0.1', 'localhost', 'jobs.internal.example']) {
      expect(loadConfig({ HOST: host }).host).toBe(host);
    }
  });

  it('names the variable for an impossible address instead of failing at listen', () => {
    expect(() => loadConfig({ HOST: '999.1.1.1' })).toThrow(
      'Invalid environment:\n  HOST: must be an IP address or a host name, not "999.1.1.1"',
    );
    expect(() => loadConfig({ HOST: 'a host' })).toThrow('HOST: must be');
  });
});
