// The one entry shape of the home pack: read the envelope from stdin, run the action's
// handler, print exactly one jarvis.skill.v1 result on stdout. A handler throws a
// SkillError for an answer the household should read; anything else is reported as
// TOOL_FAILED without a stack trace.

export class SkillError extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

/** The setting or a clear NOT_CONFIGURED refusal naming it. */
export function requireSetting(env, name, what) {
  const value = env[name];
  if (value === undefined || value.trim() === '') throw new SkillError('NOT_CONFIGURED', `${what} is not set up: ${name} is empty.`);
  return value.trim();
}

function readStdin() {
  return new Promise((resolve, reject) => {
    let raw = '';
    process.stdin.setEncoding('utf8');
    process.stdin.on('data', (chunk) => (raw += chunk));
    process.stdin.on('end', () => resolve(raw));
    process.stdin.on('error', reject);
  });
}

/** Turns socket errors into sentences without secrets (the URL's host only). */
export function describeNetworkError(err, host) {
  const code = err && typeof err === 'object' ? err.code : undefined;
  if (code === 'ECONNREFUSED') return new SkillError('UNREACHABLE', `${host} refused the connection.`);
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH' || code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return new SkillError('UNREACHABLE', `${host} cannot be reached (${code}).`);
  if (code === 'TIMEOUT') return new SkillError('TIMEOUT', err.message);
  if (code === 'CERT_FINGERPRINT_CHANGED' || code === 'CERT_NOT_PINNED' || code === 'BAD_FINGERPRINT') return new SkillError(code, err.message);
  if (code === 'ECONNRESET') return new SkillError('UNREACHABLE', `${host} closed the connection.`);
  return new SkillError('UNREACHABLE', `${host}: ${err instanceof Error ? err.message : String(err)}`);
}

/**
 * Runs one envelope. `handlers[action](input, {env, context})` resolves
 * {data, message, mutated}.
 */
export async function runEnvelope(envelope, handlers, env = process.env) {
  const protocol = envelope?.protocol ?? 'jarvis.skill.v1';
  const handler = Object.prototype.hasOwnProperty.call(handlers, envelope?.action) ? handlers[envelope.action] : undefined;
  if (!handler) return { protocol, success: false, error: { code: 'UNKNOWN_ACTION', message: `unknown action ${String(envelope?.action)}` } };
  try {
    const out = await handler(envelope.input ?? {}, { env, context: envelope.context ?? {} });
    return { protocol, success: true, data: out.data, message: out.message, mutated: out.mutated ?? false };
  } catch (err) {
    if (err instanceof SkillError) return { protocol, success: false, error: { code: err.code, message: err.message } };
    return { protocol, success: false, error: { code: 'TOOL_FAILED', message: err instanceof Error ? err.message : String(err) } };
  }
}

/** The process entry: one envelope in, one result out. */
export async function skillMain(handlers) {
  let envelope;
  try {
    envelope = JSON.parse(await readStdin());
  } catch {
    process.stdout.write(JSON.stringify({ protocol: 'jarvis.skill.v1', success: false, error: { code: 'BAD_ENVELOPE', message: 'stdin is not JSON' } }));
    return;
  }
  const result = await runEnvelope(envelope, handlers);
  process.stdout.write(JSON.stringify(result));
}
