// The headless entry (`npm run serve`, dist/main/serve.js): the master bundle through
// V8's code cache, started. The first run compiles it and writes the cache.
import { keepCodeCache, masterBundle } from '../master/bundle';

const master = masterBundle();
master.exports.serve().then(
  () => keepCodeCache(master),
  (err: unknown) => {
    process.stderr.write(`JARVIS could not start: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
