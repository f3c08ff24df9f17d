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
