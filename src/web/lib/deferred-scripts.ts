// The page's JavaScript loads after its first paint (issue 7). Every page is rendered in full on
// the server, so the text a reader came for needs only the HTML and the stylesheet; on a slow
// phone the framework's 120 kB would otherwise share the first round trips with them.
//
// The server (`deferClientScripts` in deferred-scripts.server.ts) writes React Router's module
// script and its module preloads in an inert form; `bootDeferredScripts`, a tiny inline script
// after them, turns them live once the first frame has been painted (at once in a hidden tab,
// which paints nothing). Hydration then runs as before, only a frame later.

/** The `type` of React Router's module script while it waits for the first paint. */
export const DEFERRED_MODULE_TYPE = 'text/x-deferred-module';
/** The `rel` of its module preloads while they wait. */
export const DEFERRED_PRELOAD_REL = 'x-deferred-modulepreload';

export const bootDeferredScripts = `(() => {
  const start = () => {
    for (const link of document.querySelectorAll('link[rel="${DEFERRED_PRELOAD_REL}"]')) {
      link.rel = 'modulepreload';
    }
    for (const inert of document.querySelectorAll('script[type="${DEFERRED_MODULE_TYPE}"]')) {
      const script = document.createElement('script');
      script.type = 'module';
      script.nonce = inert.nonce;
      script.textContent = inert.textContent;
      document.head.append(script);
    }
  };
  if (document.visibilityState === 'hidden') start();
  else requestAnimationFrame(() => setTimeout(start));
})();`;
