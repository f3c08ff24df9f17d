// Server rendering with the CSP nonce on every inline script React Router writes, and the page's
// JavaScript held back until the first paint (lib/deferred-scripts.ts). The nonce is the
// render's: a public page kept by the server's page cache hands the same one, in its scripts and
// its CSP header, to every visitor of that copy (src/server/security/headers.ts says why).
import { createReadableStreamFromReadable } from '@react-router/node';
import { Writable } from 'node:stream';
import { isbot } from 'isbot';
import type { RenderToPipeableStreamOptions } from 'react-dom/server';
import { renderToPipeableStream } from 'react-dom/server';
import type { AppLoadContext, EntryContext, HandleErrorFunction } from 'react-router';
import { ServerRouter } from 'react-router';
import { deferClientScripts, deferModuleScripts } from './deferred-scripts.server.ts';

export const streamTimeout = 5_000;

/** Loader and action errors go to the server, which logs them and picks the status. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const report = (context as Partial<AppLoadContext>).reportError;
  if (report) report(error);
  else console.error(error);
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.nonce;

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    // Crawlers get the whole document at once; people get the shell as soon as it is ready. A
    // page rendered for the server's page cache is kept whole, so it waits for everything too.
    const whole =
      loadContext.wholeDocument === true ||
      (userAgent && isbot(userAgent)) ||
      routerContext.isSpaMode;
    const readyOption: keyof RenderToPipeableStreamOptions = whole ? 'onAllReady' : 'onShellReady';

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        // React moves any finished Suspense content (here: the save and hide controls, the follow
        // menu) past the first 12.8 kB of a page out of line, to be put in place by an inline
        // script. Content that is ready goes where it belongs: the page paints it without a
        // script, and the server writes each piece once instead of a hidden copy plus a move.
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        [readyOption]() {
          shellRendered = true;
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          if (whole) {
            // All of it is ready: React writes the page at once, straight into one buffer,
            // without the streams a page sent as it renders needs.
            const chunks: Buffer[] = [];
            pipe(
              new Writable({
                write(chunk: Buffer, _encoding, callback) {
                  chunks.push(chunk);
                  callback();
                },
                final(callback) {
                  clearTimeout(timeoutId);
                  // Latin-1 maps each byte to one character and back, so the ASCII-only edits
                  // of deferModuleScripts leave every other byte as it was, without decoding
                  // and encoding the page's UTF-8 (a third of a millisecond for the home page).
                  const page = Buffer.concat(chunks).toString('latin1');
                  const html = Buffer.from(deferModuleScripts(page), 'latin1');
                  resolve(
                    new Response(html, { headers: responseHeaders, status: responseStatusCode }),
                  );
                  callback();
                },
              }),
            );
            return;
          }
          const body = deferClientScripts(() => {
            clearTimeout(timeoutId);
            timeoutId = undefined;
          });
          const stream = createReadableStreamFromReadable(body);
          pipe(body);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (!shellRendered) return;
          if (loadContext.reportError) loadContext.reportError(error);
          else console.error(error);
        },
      },
    );
  });
}
