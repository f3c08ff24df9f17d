// Uploaded company logos: only PNG, JPEG or WebP (by their bytes, not a name or a declared type),
// at most 2 MB, re-encoded with sharp to one fixed-size PNG, so nothing a browser could run
// (SVG scripts, polyglots, metadata) ever reaches a page.
// sharp is loaded on the first upload, not at start: loading libvips costs every server ~20 MB of
// resident memory (against bench:web's 300 MB budget) for a form only employers send, rarely.
import { LOGO_MAX_BYTES } from '../../../shared/contract/employer-jobs.ts';

export const LOGO_SIZE = 256;

export type LogoCheck = { ok: true; png: Buffer } | { ok: false; message: string };

function sniff(bytes: Uint8Array): 'png' | 'jpeg' | 'webp' | null {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10])))
    return 'png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (
    b.length >= 12 &&
    b.toString('latin1', 0, 4) === 'RIFF' &&
    b.toString('latin1', 8, 12) === 'WEBP'
  )
    return 'webp';
  return null;
}

const REFUSED = 'Logo must be a PNG, JPEG or WebP image (SVG, GIF and other files are refused)';

/** The logo as a 256×256 PNG (the image fitted inside, transparent around it), or why not. */
export async function reencodeLogo(bytes: Uint8Array): Promise<LogoCheck> {
  if (bytes.byteLength === 0) return { ok: false, message: 'Logo: choose an image file' };
  if (bytes.byteLength > LOGO_MAX_BYTES) return { ok: false, message: 'Logo must be at most 2 MB' };
  const kind = sniff(bytes);
  if (!kind) return { ok: false, message: REFUSED };
  const { default: sharp } = await import('sharp');
  try {
    // A decompression bomb stops at 25 megapixels instead of filling the memory.
    const image = sharp(bytes, { limitInputPixels: 25_000_000, failOn: 'error' });
    const meta = await image.metadata();
    if (meta.format !== kind) return { ok: false, message: REFUSED };
    const png = await image
      .rotate()
      .resize(LOGO_SIZE, LOGO_SIZE, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    return { ok: true, png };
  } catch {
    return { ok: false, message: 'Logo could not be read as an image' };
  }
}
