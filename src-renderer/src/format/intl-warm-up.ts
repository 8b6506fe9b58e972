// Chromium pays 50–100 ms for the first Intl.DateTimeFormat of a renderer process (ICU's
// calendar and time zone data), once per process, whichever thread asks first. Home's first
// render formats dates, so a worker started before React loads pays it off the main thread
// (issue 7: time to interactive of Home). index.html loads this with an async script of its
// own (vite.config.ts), so it starts while the app bundle still downloads and compiles.
if (typeof Worker !== 'undefined') {
  try {
    new Worker(new URL('./intl-warm-up.worker.ts', import.meta.url), { type: 'module', name: 'intl-warm-up' });
  } catch {
    // No worker (a CSP without worker-src, an old engine): the first date on screen pays it.
  }
}
