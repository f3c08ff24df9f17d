import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { seedDemo } from '../db/seed/demo.ts';
import { openTestDatabase, type TestDatabase } from '../../../test/support/database.ts';
import { initials, logoColour, logoPng, logoSvg } from './logos.ts';
import { buildApiApp } from '../../../test/support/app.ts';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

describe('logo drawing', () => {
  it('takes up to two initials, skipping small words and accents kept', () => {
    expect(initials('Thistle & Loom')).toBe('TL');
    expect(initials('Ipê Pagamentos')).toBe('IP');
    expect(initials('Shikshaverse')).toBe('S');
    expect(initials('Fleur de Lys Interactive')).toBe('FL');
  });

  it('gives neighbouring ids different colours', () => {
    const colours = new Set(Array.from({ length: 60 }, (_, i) => logoColour(i + 1).join(',')));
    expect(colours.size).toBe(60);
  });

  it('draws a square 128 px SVG with the initials, escaping the name', () => {
    const svg = logoSvg(3, 'Tom & <Jerry>');
    expect(svg).toMatch(/^<svg [^>]*width="128" height="128"/);
    expect(svg).toContain('>TJ</text>');
    expect(svg).toContain('aria-label="Tom &amp; &lt;Jerry&gt;"');
  });

  it('encodes a valid 256×256 RGB PNG that differs by id', () => {
    const png = logoPng(1);
    expect([...png.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    expect(png.toString('latin1', 12, 16)).toBe('IHDR');
    expect(png.readUInt32BE(16)).toBe(256);
    expect(png.readUInt32BE(20)).toBe(256);
    const idatLength = png.readUInt32BE(33);
    expect(png.toString('latin1', 37, 41)).toBe('IDAT');
    const raw = inflateSync(png.subarray(41, 41 + idatLength));
    expect(raw.length).toBe(256 * (1 + 256 * 3));
    // The corner is the company colour, the centre the white mark.
    expect([...raw.subarray(1, 4)]).toEqual(logoColour(1));
    const centre = 128 * (1 + 256 * 3) + 1 + 128 * 3;
    expect([...raw.subarray(centre, centre + 3)]).toEqual([255, 255, 255]);
    expect(logoPng(2).equals(png)).toBe(false);
    expect(logoPng(1).equals(png)).toBe(true);
  });
});

describe('GET /logos/:companyId.(svg|png)', () => {
  let database: TestDatabase;
  let app: App;
  beforeAll(async () => {
    database = await openTestDatabase();
    await seedDemo(database.db);
    app = await buildApiApp(database);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('serves the SVG monogram with a day of caching', async () => {
    const res = await app.inject({ url: '/logos/1.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.body).toContain('>PT</text>'); // Paysetu Technologies
  });

  it('serves the PNG', async () => {
    const res = await app.inject({ url: '/logos/2.png' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect([...res.rawPayload.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
  });

  it('answers every stored company_logo path', async () => {
    const res = await app.inject({ url: '/logos/68.svg' });
    expect(res.statusCode).toBe(200);
  });

  it('answers 404 for unknown companies and formats', async () => {
    for (const url of ['/logos/99999.svg', '/logos/99999.png', '/logos/1.gif']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().success).toBe(false);
    }
  });

  it('answers 400 naming the parameter for non-numeric ids', async () => {
    for (const url of ['/logos/abc.svg', '/logos/0.png', '/logos/-1.svg', '/logos/1e3.png']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toContain('companyId');
    }
  });
});
