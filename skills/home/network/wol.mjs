// Wake-on-LAN: the magic packet is 6 bytes 0xFF followed by the target's MAC 16 times,
// sent as one UDP datagram to the broadcast address of its network (port 9 by default).
import dgram from 'node:dgram';
import { SkillError } from '../_lib/skill-main.mjs';

export const DEFAULT_BROADCAST = '255.255.255.255';
export const DEFAULT_PORT = 9;

/** "aa:bb:cc:dd:ee:ff", "AA-BB-…" or "aabbccddeeff" -> 6 bytes, or undefined. */
export function parseMac(text) {
  const hex = String(text).trim().replace(/[:-]/g, '').toLowerCase();
  return /^[0-9a-f]{12}$/.test(hex) ? Buffer.from(hex, 'hex') : undefined;
}

export function formatMac(bytes) {
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join(':');
}

/**
 * WOL_TARGETS: `name=MAC[@broadcast[:port]]`, comma-separated. A bad entry refuses the
 * whole setting, naming the entry, so a typo never wakes the wrong machine.
 */
export function parseTargets(text) {
  if (text === undefined || text.trim() === '') return [];
  const targets = [];
  for (const raw of text.split(',')) {
    const entry = raw.trim();
    if (entry === '') continue;
    const m = /^([^=]+)=([0-9A-Fa-f:-]+)(?:@([^:@\s]+)(?::(\d{1,5}))?)?$/.exec(entry);
    const mac = m ? parseMac(m[2]) : undefined;
    const port = m?.[4] === undefined ? DEFAULT_PORT : Number(m[4]);
    if (!m || !mac || port < 1 || port > 65535)
      throw new SkillError('BAD_SETTING', `WOL_TARGETS: "${entry}" is not name=MAC[@broadcast[:port]] (e.g. Gaming-PC=aa:bb:cc:dd:ee:ff@192.168.1.255:9).`);
    targets.push({ name: m[1].trim(), mac: formatMac(mac), broadcast: m[3] ?? DEFAULT_BROADCAST, port });
  }
  return targets;
}

export function magicPacket(mac) {
  const bytes = typeof mac === 'string' ? parseMac(mac) : mac;
  if (!bytes) throw new SkillError('INVALID_ARGUMENTS', 'not a MAC address');
  const packet = Buffer.alloc(6 + 16 * 6, 0xff);
  for (let i = 0; i < 16; i += 1) bytes.copy(packet, 6 + i * 6);
  return packet;
}

/** Sends one magic packet; resolves once the datagram has left. */
export function sendMagicPacket(target, { timeoutMs = 2000 } = {}) {
  const packet = magicPacket(target.mac);
  const family = target.broadcast.includes(':') ? 'udp6' : 'udp4';
  return new Promise((resolve, reject) => {
    const socket = dgram.createSocket(family);
    const timer = setTimeout(() => {
      socket.close();
      reject(new SkillError('TIMEOUT', `The magic packet for ${target.name} could not be sent within ${timeoutMs} ms.`));
    }, timeoutMs);
    socket.once('error', (err) => {
      clearTimeout(timer);
      socket.close();
      reject(new SkillError('SEND_FAILED', `The magic packet for ${target.name} could not be sent: ${err.message}`));
    });
    socket.bind(0, () => {
      socket.setBroadcast(true);
      socket.send(packet, target.port, target.broadcast, (err) => {
        clearTimeout(timer);
        socket.close();
        if (err) reject(new SkillError('SEND_FAILED', `The magic packet for ${target.name} could not be sent: ${err.message}`));
        else resolve(packet.length);
      });
    });
  });
}
