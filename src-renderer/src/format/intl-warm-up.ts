// Chromium pays 50–100 ms for the first Intl.DateTimeFormat of a renderer process (ICU's
// calendar and time zone data), once per process, whichever thread asks first. Home's first
// render formats dates, so a worker started before React loads pays it off the main thread
// (issue 7: time to interactive of Home). Imported first by main.tsx, so it runs first.
if (typeof Worker !== 'undefined') {
  try {
    new Worker(new URL('./intl-warm-up.worker.ts', import.meta.url), { type: 'module', name: 'intl-warm-up' });
  } catch {
    // No worker (a CSP without worker-src, an old engine): the first date on screen pays it.
  }
}
