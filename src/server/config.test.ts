import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

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
