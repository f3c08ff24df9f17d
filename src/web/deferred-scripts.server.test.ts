import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { deferClientScripts, deferModuleScripts } from './deferred-scripts.server.ts';
import { DEFERRED_MODULE_TYPE, DEFERRED_PRELOAD_REL } from './lib/deferred-scripts.ts';

// What React and React Router write (abridged), with text that only looks like the tags.
const page = [
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>',
  '<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="n0nce=="/>',
  '<link rel="modulepreload" href="/assets/framework-B.js" nonce="n0nce=="/>',
  '<link rel="stylesheet" href="/assets/root-C.css"/></head><body>',
  '<p>Write &lt;script type=&quot;module&quot;&gt; in your résumé — 日本語 too.</p>',
  '<script nonce="n0nce==">window.__reactRouterContext = {"a":"\\u003cscript type=\\"module\\""};</script>',
  '<script nonce="n0nce==" type="module" async="">import * as route0 from "/assets/root-D.js";</script>',
  '</body></html>',
].join('');

const expected = page
  .replaceAll('<link rel="modulepreload"', `<link rel="${DEFERRED_PRELOAD_REL}"`)
  .replace(
    '<script nonce="n0nce==" type="module"',
    `<script nonce="n0nce==" type="${DEFERRED_MODULE_TYPE}"`,
  );

async function throughTransform(chunks: Buffer[]) {
  return text(Readable.from(chunks).pipe(deferClientScripts()));
}

describe('deferring the page scripts until the first paint', () => {
  it('makes the module preloads and the module script inert and leaves the rest alone', () => {
    expect(deferModuleScripts(page)).toBe(expected);
    expect(deferModuleScripts(page)).not.toContain('rel="modulepreload"');
    expect(deferModuleScripts(page)).toContain('Write &lt;script type=&quot;module&quot;&gt;');
  });

  it('gives the same page however the stream is cut, inside tags and characters too', async () => {
    const bytes = Buffer.from(page);
    for (let cut = 1; cut < bytes.length; cut++) {
      const result = await throughTransform([bytes.subarray(0, cut), bytes.subarray(cut)]);
      if (result !== expected) expect({ cut, result }).toEqual({ cut, result: expected });
    }
    const bytewise = await throughTransform([...bytes].map((b) => Buffer.from([b])));
    expect(bytewise).toBe(expected);
  });

  it('calls back when the page is complete', async () => {
    let finished = false;
    const stream = Readable.from([Buffer.from(page)]).pipe(
      deferClientScripts(() => {
        finished = true;
      }),
    );
    expect(await text(stream)).toBe(expected);
    expect(finished).toBe(true);
  });
});

describe('the chunks of the page', () => {
  const chunksOf = (stream: NodeJS.ReadableStream) => {
    const chunks: string[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
    return new Promise<string[]>((resolve) => stream.on('end', () => resolve(chunks)));
  };

  it('pass on as one chunk when React writes them in one turn of the event loop', async () => {
    const stream = deferClientScripts();
    const chunks = chunksOf(stream);
    const pieces = page.match(/.{1,40}/gs)!;
    for (const piece of pieces) stream.write(Buffer.from(piece));
    await new Promise((resolve) => setTimeout(resolve, 20));
    stream.end();
    expect(pieces.length).toBeGreaterThan(10);
    expect(await chunks).toEqual([expected]);
  });

  it('still stream: what React writes later (a Suspense boundary) passes on by itself', async () => {
    const stream = deferClientScripts();
    const chunks = chunksOf(stream);
    stream.write(Buffer.from('<!DOCTYPE html><html><body><p>shell</p>'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    stream.write(Buffer.from('<div hidden id="S:0"><p>later</p></div>'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    stream.end(Buffer.from('</body></html>'));
    expect(await chunks).toEqual([
      '<!DOCTYPE html><html><body><p>shell</p>',
      '<div hidden id="S:0"><p>later</p></div>',
      '</body></html>',
    ]);
  });
});
