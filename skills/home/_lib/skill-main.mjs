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

/** Turns socket errors into sentences without secrets (the URL's host only). */
export function describeNetworkError(err, host) {
  const code = err && typeof err === 'object' ? err.code : undefined;
  if (code === 'ECONNREFUSED') return new SkillError('UNREACHABLE', `${host} refused the connection.`);
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH' || code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return new SkillError('UNREACHABLE', `${host} cannot be reached (${code}).`);
  if (code === 'TIMEOUT') return new SkillError('TIMEOUT', err.message);
  if (code === 'CERT_FINGERPRINT_CHANGED' || code === 'CERT_NOT_PINNED' || code === 'BAD_FINGERPRINT') return new SkillError(code, err.message);
  if (code === 'EGRESS_REFUSED') return new SkillError('UNREACHABLE', `${host} cannot be reached from a skill: ${err.message}.`);
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

const BAD_ENVELOPE = { protocol: 'jarvis.skill.v1', success: false, error: { code: 'BAD_ENVELOPE', message: 'stdin is not JSON' } };

/**
 * The process entry, for both process modes. Per call the runner writes one envelope and
 * closes stdin; long-lived it writes one envelope per line and keeps stdin open. Every
 * complete line is one request, answered by one line carrying its request_id (requests run
 * concurrently); what is left when stdin ends is one more request. When stdin closes (the
 * runner stopped the skill, or the master is gone) the process answers what it holds and exits,
 * so it never outlives the master.
 */
export function skillMain(handlers, input = process.stdin, output = process.stdout, exit = (code) => process.exit(code)) {
  let buffered = '';
  const running = new Set();
  const answer = (text) => {
    let envelope;
    try {
      envelope = JSON.parse(text);
    } catch {
      output.write(`${JSON.stringify(BAD_ENVELOPE)}\n`);
      return;
    }
    const job = runEnvelope(envelope, handlers).then((result) => {
      const id = typeof envelope?.request_id === 'string' ? { request_id: envelope.request_id } : {};
      output.write(`${JSON.stringify({ ...result, ...id })}\n`);
    });
    running.add(job);
    job.finally(() => running.delete(job));
  };
  return new Promise((resolve) => {
    input.setEncoding('utf8');
    input.on('data', (chunk) => {
      buffered += chunk;
      let nl;
      while ((nl = buffered.indexOf('\n')) >= 0) {
        const line = buffered.slice(0, nl).trim();
        buffered = buffered.slice(nl + 1);
        if (line) answer(line);
      }
    });
    const end = async () => {
      if (buffered.trim()) answer(buffered.trim());
      buffered = '';
      while (running.size > 0) await Promise.allSettled([...running]);
      // Keep-alive sockets would keep the event loop (and the process) alive.
      output.write('', () => {
        resolve();
        exit(0);
      });
    };
    input.once('end', end);
    input.once('error', end);
  });
}
