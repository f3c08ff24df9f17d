// Company logos drawn by the app itself (no image files, no outside network): an SVG monogram
// (shared/logo.ts; pages draw the same one in HTML) and a 256×256 PNG mark for link previews,
// whose scrapers do not read SVG.
import { crc32, deflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { escapeMarkup } from '../../shared/text.ts';
import type { Db } from '../db/client.ts';
import { companies } from '../db/schema.ts';
import { HttpError } from '../errors.ts';
import {
  initials,
  LOGO_LIGHTNESS,
  LOGO_SATURATION,
  logoHue,
  monogramFontSize,
} from '../../shared/logo.ts';

export { initials } from '../../shared/logo.ts';

type Rgb = [number, number, number];

function hslToRgb(h: number, s: number, l: number): Rgb {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [f(0), f(8), f(4)].map((v) => Math.round(v * 255)) as Rgb;
}

/** Dark enough for the large white letters to pass WCAG AA (3:1 for large text) on every hue. */
export function logoColour(companyId: number, lightness: number = LOGO_LIGHTNESS[0]): Rgb {
  return hslToRgb(logoHue(companyId), LOGO_SATURATION, lightness);
}

const hex = (rgb: Rgb) => `#${rgb.map((v) => v.toString(16).padStart(2, '0')).join('')}`;

const CACHE_CONTROL = 'public, max-age=86400';
const MAX_CACHED = 10_000;
/** As long as downstream caches may keep a logo (CACHE_CONTROL's max-age). */
const NAMES_MAX_AGE_MS = 86_400_000;
const PNG_SIZE = 256;

export function logoSvg(companyId: number, name: string): string {
  const letters = initials(name);
  const fill = hex(logoColour(companyId));
  const shade = hex(logoColour(companyId, LOGO_LIGHTNESS[1]));
  const fontSize = monogramFontSize(letters);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128" role="img" aria-label="${escapeMarkup(name)}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${fill}"/><stop offset="1" stop-color="${shade}"/></linearGradient></defs><rect width="128" height="128" rx="28" fill="url(#g)"/><text x="64" y="66" text-anchor="middle" dominant-baseline="middle" font-family="system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif" font-size="${fontSize}" font-weight="700" letter-spacing="1" fill="#fff">${escapeMarkup(letters)}</text></svg>`;
}

/** Whether a point (0–1 square) is inside the white mark; the shape is chosen by the id. */
function inMark(shape: number, x: number, y: number): boolean {
  const dx = x - 0.5;
  const dy = y - 0.5;
  const r = Math.hypot(dx, dy);
  switch (shape) {
    case 0:
      return r < 0.27;
    case 1:
      return Math.abs(dx) + Math.abs(dy) < 0.3;
    case 2:
      return r > 0.17 && r < 0.3;
    case 3:
      return Math.abs(dx) < 0.28 && Math.abs(dy) < 0.28 && (Math.abs(dy) > 0.1 || dx < -0.12);
    default:
      return Math.hypot(dx + 0.1, dy) < 0.2 !== Math.hypot(dx - 0.1, dy) < 0.2;
  }
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A 256×256 RGB PNG: the company colour with a white geometric mark, edges smoothed 4×. */
export function logoPng(companyId: number): Buffer {
  const [br, bg, bb] = logoColour(companyId);
  const shape = companyId % 5;
  const row = 1 + PNG_SIZE * 3;
  const raw = Buffer.alloc(row * PNG_SIZE);
  for (let y = 0; y < PNG_SIZE; y++) {
    raw[y * row] = 0; // filter: none
    for (let x = 0; x < PNG_SIZE; x++) {
      let hits = 0;
      for (const [sx, sy] of [
        [0.25, 0.25],
        [0.75, 0.25],
        [0.25, 0.75],
        [0.75, 0.75],
      ] as const) {
        if (inMark(shape, (x + sx) / PNG_SIZE, (y + sy) / PNG_SIZE)) hits++;
      }
      const t = hits / 4;
      const at = y * row + 1 + x * 3;
      raw[at] = Math.round(br + (255 - br) * t);
      raw[at + 1] = Math.round(bg + (255 - bg) * t);
      raw[at + 2] = Math.round(bb + (255 - bb) * t);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(PNG_SIZE, 0);
  ihdr.writeUInt32BE(PNG_SIZE, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function parseFile(file: string): { id: number; format: 'svg' | 'png' } {
  const match = /^(.*)\.(svg|png)$/.exec(file);
  if (!match) throw new HttpError(404, `No such logo: ${file}`);
  const [, id = '', format] = match;
  if (!/^[1-9]\d{0,8}$/.test(id)) {
    throw new HttpError(400, `Invalid params: 'companyId' must be a positive whole number`);
  }
  return { id: Number(id), format: format as 'svg' | 'png' };
}

export const logoRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  // Names rarely change and logos are cached for a day downstream anyway. Each server keeps its
  // own copy (not the database): the PNG depends on the id alone, and the names are forgotten
  // after the same day, so with several servers a renamed company's logo is never staler on any
  // of them than a browser's cached copy may be.
  const names = new Map<number, string>();
  const pngs = new Map<number, Buffer>();
  let namesSince = Date.now();
  const remember = <T>(map: Map<number, T>, id: number, value: T) => {
    if (map.size >= MAX_CACHED) map.delete(map.keys().next().value as number);
    map.set(id, value);
  };

  async function companyName(id: number): Promise<string> {
    if (Date.now() - namesSince > NAMES_MAX_AGE_MS) {
      names.clear();
      namesSince = Date.now();
    }
    const known = names.get(id);
    if (known !== undefined) return known;
    const [row] = await db
      .select({ name: companies.companyName })
      .from(companies)
      .where(eq(companies.id, id));
    if (!row) throw new HttpError(404, `No company with id ${id}`);
    remember(names, id, row.name);
    return row.name;
  }

  app.get<{ Params: { file: string } }>(
    '/logos/:file',
    { schema: { hide: true } },
    async (request, reply) => {
      const { id, format } = parseFile(request.params.file);
      const name = await companyName(id);
      reply.header('cache-control', CACHE_CONTROL);
      if (format === 'svg') {
        return reply.type('image/svg+xml; charset=utf-8').send(logoSvg(id, name));
      }
      let png = pngs.get(id);
      if (!png) {
        png = logoPng(id);
        remember(pngs, id, png);
      }
      return reply.type('image/png').send(png);
    },
  );
};
