import { serve } from './serve';

serve().catch((err: unknown) => {
  process.stderr.write(`JARVIS could not start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
