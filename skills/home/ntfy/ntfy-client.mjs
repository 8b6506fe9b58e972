// ntfy: a message is published as JSON to the server's root URL ({topic, message, title,
// priority, tags, click}); an access token goes in `Authorization: Bearer`. Errors come
// back as {code, http, error}. ntfy servers use ordinary certificates, checked as usual.
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { connectionFor } from '../_lib/egress.mjs';
import { SkillError, describeNetworkError, requireSetting } from '../_lib/skill-main.mjs';

const TIMEOUT_MS = 8000;

export function ntfySettings(env) {
  const url = requireSetting(env, 'NTFY_URL', 'ntfy');
  const topic = requireSetting(env, 'NTFY_TOPIC', 'ntfy');
  if (!/^[-_A-Za-z0-9]{1,64}$/.test(topic)) throw new SkillError('BAD_SETTING', 'NTFY_TOPIC may hold letters, digits, - and _ only (at most 64).');
  let parsed;
  try {
    parsed = new URL(url);
  } catch {
    throw new SkillError('BAD_SETTING', 'NTFY_URL is not a valid address.');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new SkillError('BAD_SETTING', 'NTFY_URL must start with http:// or https://.');
  const token = (env.NTFY_TOKEN ?? '').trim();
  return { url: parsed, topic, token: token || undefined };
}

async function post(url, headers, body) {
  const lib = url.protocol === 'https:' ? https : http;
  const socket = await connectionFor(url, { timeoutMs: TIMEOUT_MS, tlsOptions: { host: url.hostname, ...(net.isIP(url.hostname) ? {} : { servername: url.hostname }) } });
  return new Promise((resolve, reject) => {
    const options = { method: 'POST', headers: { ...headers, 'content-length': Buffer.byteLength(body) }, ...(socket ? { createConnection: () => socket } : {}) };
    const req = lib.request(url, options, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.setTimeout(TIMEOUT_MS, () => req.destroy(Object.assign(new Error(`${url.host} did not answer within ${TIMEOUT_MS} ms.`), { code: 'TIMEOUT' })));
    req.on('error', reject);
    req.end(body);
  });
}

/** Publishes one message; resolves {id, topic} as the server stored it. */
export async function ntfySend(settings, input) {
  const payload = { topic: settings.topic, message: input.message };
  if (input.title) payload.title = input.title;
  if (input.priority) payload.priority = input.priority;
  if (input.tags?.length) payload.tags = input.tags;
  if (input.click) payload.click = input.click;
  const headers = { 'content-type': 'application/json' };
  if (settings.token) headers.authorization = `Bearer ${settings.token}`;
  const base = new URL(settings.url.href.endsWith('/') ? settings.url.href : `${settings.url.href}/`);
  let res;
  try {
    res = await post(base, headers, JSON.stringify(payload));
  } catch (err) {
    throw describeNetworkError(err, settings.url.host);
  }
  let json;
  try {
    json = JSON.parse(res.body);
  } catch {
    json = undefined;
  }
  if (res.status === 401 || res.status === 403)
    throw new SkillError('UNAUTHORIZED', `The ntfy server refused the message (${json?.error ?? `HTTP ${res.status}`}); check NTFY_TOKEN.`);
  if (res.status >= 400) throw new SkillError('SEND_FAILED', `The ntfy server answered ${res.status}${json?.error ? `: ${json.error}` : ''}.`);
  return { id: String(json?.id ?? ''), topic: settings.topic };
}
