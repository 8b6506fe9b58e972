// The process side of a home skill: one jarvis.skill.v1 envelope on stdin, one result on
// stdout. Handlers return {data, message, mutated} or throw a SkillFailure; anything else
// thrown becomes an internal failure without its stack (stderr stays free of secrets too).

export class SkillFailure extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

function readStdin() {
  return new Promise((resolve, reject) => {
    let raw = '';
    process.stdin.setEncoding('utf8');
    process.stdin.on('data', (c) => (raw += c));
    process.stdin.on('end', () => resolve(raw));
    process.stdin.on('error', reject);
  });
}

function write(protocol, result) {
  process.stdout.write(JSON.stringify({ protocol, ...result }));
}

/** Reads the envelope, runs `handlers[action](input, envelope.context)`, prints the result. */
export async function runSkill(handlers) {
  let envelope;
  try {
    envelope = JSON.parse(await readStdin());
  } catch {
    write('jarvis.skill.v1', { success: false, error: { code: 'BAD_ENVELOPE', message: 'The request was not JSON.' }, message: 'The request was not JSON.', mutated: false });
    return;
  }
  const protocol = envelope.protocol ?? 'jarvis.skill.v1';
  const handler = Object.prototype.hasOwnProperty.call(handlers, envelope.action) ? handlers[envelope.action] : undefined;
  if (!handler) {
    const message = `Unknown action ${String(envelope.action)}.`;
    write(protocol, { success: false, error: { code: 'UNKNOWN_ACTION', message }, message, mutated: false });
    return;
  }
  try {
    const { data, message, mutated = false } = await handler(envelope.input ?? {}, envelope.context ?? {});
    write(protocol, { success: true, data, message, mutated });
  } catch (err) {
    const failure = err instanceof SkillFailure ? err : new SkillFailure('SKILL_INTERNAL', 'Interner Fehler der Fähigkeit.');
    write(protocol, { success: false, error: { code: failure.code, message: failure.message }, message: failure.message, mutated: false });
  }
}

/** A required setting from the environment, or a failure that names it. */
export function setting(name, what) {
  const value = process.env[name];
  if (value === undefined || value.trim() === '') {
    throw new SkillFailure('NOT_CONFIGURED', `${what} ist nicht eingerichtet: ${name} fehlt.`);
  }
  return value.trim();
}

/** An optional setting: undefined when unset or blank. */
export function optionalSetting(name) {
  const value = process.env[name];
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}
