import type { McpTestResult } from '../../../src-shared';
import { secretsOf, type McpServerSpec } from './config-file';
import { problemOf } from './connection-problem';
import { McpServerConnection, type ServerListing } from './server-connection';

export interface ConnectionTestOptions {
  readonly clientVersion: string;
  readonly timeoutMs: number;
  readonly clock: () => Date;
  /** Makes the other side's words safe to show (the household's known secrets replaced). */
  readonly redact: (text: string) => string;
}

/** Every secret of the spec out of a text, before the shared redactor sees it. */
function withoutSecrets(text: string, spec: McpServerSpec): string {
  let out = text;
  for (const secret of secretsOf(spec)) if (secret.length >= 4) out = out.split(secret).join('***');
  return out;
}

/**
 * "Test connection": starts the server once on its own connection (never the running one),
 * lists its tools and ends it. The answer names the tools, or what is wrong as a problem
 * code with the other side's words, secrets replaced.
 */
export async function testMcpServer(name: string, spec: McpServerSpec, o: ConnectionTestOptions): Promise<McpTestResult> {
  let listing: ServerListing | undefined;
  let stderr = '';
  const connection = new McpServerConnection({
    name,
    spec,
    clientVersion: o.clientVersion,
    timeoutMs: o.timeoutMs,
    clock: o.clock,
    onListing: (l) => {
      listing = l;
    },
    onProblem: () => undefined,
    onStderr: (line) => {
      stderr = `${stderr}\n${line}`.slice(-400);
    },
    // Nobody is asked during a test: a question is cancelled, a sampling request refused.
    onElicit: async () => ({ action: 'cancel' }),
    onSample: async () => {
      throw new Error('JARVIS does not write for a server during a connection test.');
    },
  });
  try {
    await connection.connect();
    const tools = (listing?.tools ?? []).map((t) => (t.ok ? t.tool.name : t.name));
    return { ok: true, tools };
  } catch {
    const message = connection.lastError ?? 'failed';
    const problem = problemOf(message);
    // A program that ended at once usually said why on stderr.
    const said = problem === 'exited' && stderr.trim() ? `${message}: ${stderr.trim()}` : message;
    return { ok: false, problem, detail: o.redact(withoutSecrets(said, spec)).slice(0, 300) };
  } finally {
    await connection.stop();
  }
}
