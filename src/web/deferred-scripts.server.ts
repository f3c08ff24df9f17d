// Writes React Router's module script and module preloads in the inert form that
// `bootDeferredScripts` (lib/deferred-scripts.ts) turns live after the first paint.
import { StringDecoder } from 'node:string_decoder';
import { Transform } from 'node:stream';
import { DEFERRED_MODULE_TYPE, DEFERRED_PRELOAD_REL } from './lib/deferred-scripts.ts';

// React writes these attributes exactly so (`<Scripts />`, react-dom/server). Text and JSON in the
// page cannot contain them: React escapes `<` in text and React Router in the data it streams.
const MODULE_PRELOAD = /<link rel="modulepreload"/g;
const MODULE_SCRIPT = /(<script\b[^>]*?) type="module"/g;

export function deferModuleScripts(html: string) {
  return html
    .replace(MODULE_PRELOAD, `<link rel="${DEFERRED_PRELOAD_REL}"`)
    .replace(MODULE_SCRIPT, `$1 type="${DEFERRED_MODULE_TYPE}"`);
}

/**
 * A stream of the page's HTML with its module scripts deferred. A tag cut in two by a chunk
 * boundary waits for the rest of itself; everything else passes on at once, so streaming
 * (Suspense) keeps its timing. React writes a page in 4 kB pieces, all in one turn of the event
 * loop; they pass on as one chunk at the end of that turn, because every chunk costs each stage
 * after this one (the web stream React Router answers with, the compressor's flush, a socket
 * write): brotli flushing ~20 pieces of a job page cost more CPU than rendering it.
 */
export function deferClientScripts(onFinal?: () => void) {
  const decoder = new StringDecoder('utf8');
  let pending = '';
  let out = '';
  let scheduled: NodeJS.Immediate | undefined;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      let text = pending + decoder.write(chunk);
      const lastTag = text.lastIndexOf('<');
      if (lastTag >= 0 && !text.includes('>', lastTag)) {
        pending = text.slice(lastTag);
        text = text.slice(0, lastTag);
      } else {
        pending = '';
      }
      if (text) out += deferModuleScripts(text);
      scheduled ??= setImmediate(() => {
        scheduled = undefined;
        if (out) this.push(out);
        out = '';
      });
      callback();
    },
    flush(callback) {
      if (scheduled) clearImmediate(scheduled);
      onFinal?.();
      callback(null, out + deferModuleScripts(pending + decoder.end()) || undefined);
    },
  });
}
