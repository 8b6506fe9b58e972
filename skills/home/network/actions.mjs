// The actions of home.network.
import dns from 'node:dns';
import { SkillError } from '../_lib/skill-main.mjs';
import { DEFAULT_TIMEOUT_MS, dnsLookup, hostUp, httpCheck, ipFromArp, portOpen } from './checks.mjs';
import { parseTargets, sendMagicPacket } from './wol.mjs';

function fold(text) {
  return String(text)
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

function targetsOf(env) {
  const targets = parseTargets(env.WOL_TARGETS);
  if (targets.length === 0) throw new SkillError('NOT_CONFIGURED', 'Wake-on-LAN is not set up: WOL_TARGETS is empty.');
  return targets;
}

function findTarget(targets, wanted) {
  const w = fold(wanted);
  const found = targets.filter((t) => fold(t.name) === w);
  const loose = found.length > 0 ? found : targets.filter((t) => fold(t.name).includes(w) || w.includes(fold(t.name)));
  if (loose.length === 1) return loose[0];
  const known = targets.map((t) => t.name).join(', ');
  if (loose.length > 1) throw new SkillError('AMBIGUOUS', `„${wanted}“ passt auf mehrere Rechner: ${known}.`);
  throw new SkillError('NOT_FOUND', `Einen Rechner „${wanted}“ kenne ich nicht (eingerichtet: ${known}).`);
}

/** Where to look for a machine: its IP from the ARP table, else its name in the local DNS. */
async function addressOf(target) {
  const fromArp = ipFromArp(target.mac);
  if (fromArp) return fromArp;
  const host = target.name.trim().toLowerCase().replace(/\s+/g, '-');
  try {
    return (await dns.promises.lookup(host)).address;
  } catch {
    return undefined;
  }
}

export const networkActions = {
  async machines(_input, { env }) {
    const targets = targetsOf(env);
    const machines = await Promise.all(
      targets.map(async (t) => {
        const address = await addressOf(t);
        const probe = address ? await hostUp(address, 1500) : undefined;
        return { name: t.name, mac: t.mac, address: address ?? null, online: probe ? probe.up : null };
      }),
    );
    const on = machines.filter((m) => m.online).map((m) => m.name);
    return { data: { machines }, message: on.length ? `An: ${on.join(', ')}.` : 'Keiner der Rechner antwortet gerade.' };
  },

  async wake(input, { env }) {
    const target = findTarget(targetsOf(env), input.machine);
    const bytes = await sendMagicPacket(target);
    return {
      data: { name: target.name, mac: target.mac, broadcast: target.broadcast, port: target.port, bytes },
      message: `Weckruf an ${target.name} geschickt.`,
      mutated: true,
    };
  },

  async host_up(input) {
    const r = await hostUp(input.host, input.timeout_ms ?? DEFAULT_TIMEOUT_MS);
    return { data: r, message: r.up ? `${r.host} ist erreichbar.` : `${r.host} antwortet nicht.` };
  },

  async port_open(input) {
    const r = await portOpen(input.host, input.port, input.timeout_ms ?? DEFAULT_TIMEOUT_MS);
    return { data: r, message: r.open ? `${r.host}:${r.port} ist offen.` : `${r.host}:${r.port} ist nicht offen (${r.state}).` };
  },

  async dns_lookup(input) {
    const r = await dnsLookup(input.name, input.timeout_ms ?? DEFAULT_TIMEOUT_MS);
    return { data: r, message: r.addresses.length ? `${r.name}: ${r.addresses.join(', ')}.` : `${r.name} ist unbekannt.` };
  },

  async http_check(input) {
    const r = await httpCheck(input.url, input.timeout_ms ?? DEFAULT_TIMEOUT_MS);
    return { data: r, message: r.status ? `${r.url}: HTTP ${r.status} in ${r.ms} ms.` : `${r.url}: keine Antwort (${r.error}).` };
  },
};
