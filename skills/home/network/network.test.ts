import { createSocket } from 'node:dgram';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error the skill pack is plain JavaScript (no npm dependencies, no build step)
import { runEnvelope } from '../_lib/skill-main.mjs';
// @ts-expect-error see above
import { networkActions } from './actions.mjs';
// @ts-expect-error see above
import { ipFromArp } from './checks.mjs';
// @ts-expect-error see above
import { magicPacket, parseTargets } from './wol.mjs';
import { deviceViewProblems } from '../home-skill-testing';

interface Result {
  success: boolean;
  data?: any;
  error?: { code: string; message: string };
}

const call = (action: string, input: object, env: Record<string, string> = {}): Promise<Result> =>
  runEnvelope({ protocol: 'jarvis.skill.v1', action, input, context: {} }, networkActions, env);

function listen<T extends Server | HttpServer>(server: T): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)));
}

describe('Wake-on-LAN', () => {
  it('reads WOL_TARGETS as name=MAC[@broadcast[:port]] and refuses a bad entry by name', () => {
    expect(parseTargets('Gaming-PC=AA-BB-CC-DD-EE-FF@192.168.1.255:7, NAS=aabbccddee01')).toEqual([
      { name: 'Gaming-PC', mac: 'aa:bb:cc:dd:ee:ff', broadcast: '192.168.1.255', port: 7 },
      { name: 'NAS', mac: 'aa:bb:cc:dd:ee:01', broadcast: '255.255.255.255', port: 9 },
    ]);
    expect(() => parseTargets('PC=zz:bb:cc:dd:ee:ff')).toThrow(/"PC=zz:bb:cc:dd:ee:ff"/);
    expect(() => parseTargets('PC=aa:bb:cc:dd:ee:ff@10.0.0.255:70000')).toThrow(/WOL_TARGETS/);
  });

  it('sends the magic packet to the broadcast address and port: 6 x 0xFF, then the MAC 16 times', async () => {
    const socket = createSocket('udp4');
    await new Promise<void>((r) => socket.bind(0, '127.0.0.1', r));
    const port = socket.address().port;
    const received = new Promise<Buffer>((resolve) => socket.once('message', (msg) => resolve(msg)));
    const r = await call('wake', { machine: 'gaming pc' }, { WOL_TARGETS: `NAS=11:22:33:44:55:66@127.0.0.1:${port},Gaming-PC=aa:bb:cc:dd:ee:ff@127.0.0.1:${port}` });
    expect(r).toMatchObject({ success: true, data: { name: 'Gaming-PC', bytes: 102 } });
    const packet = await received;
    socket.close();
    expect(packet.length).toBe(102);
    for (let i = 0; i < 6; i++) expect(packet[i]).toBe(0xff);
    const mac = [0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff];
    for (let rep = 0; rep < 16; rep++) for (let b = 0; b < 6; b++) expect(packet[6 + rep * 6 + b]).toBe(mac[b]);
    expect(Buffer.compare(packet, magicPacket('aa:bb:cc:dd:ee:ff'))).toBe(0);
  });

  it('refuses an unknown machine (naming the known ones) and says when nothing is set up', async () => {
    const unknown = await call('wake', { machine: 'Toaster' }, { WOL_TARGETS: 'Gaming-PC=aa:bb:cc:dd:ee:ff@127.0.0.1:9' });
    expect(unknown.error).toMatchObject({ code: 'NOT_FOUND', message: expect.stringContaining('Gaming-PC') });
    expect((await call('wake', { machine: 'x' })).error).toMatchObject({ code: 'NOT_CONFIGURED', message: expect.stringContaining('WOL_TARGETS') });
    expect((await call('machines', {}, { WOL_TARGETS: 'broken' })).error).toMatchObject({ code: 'BAD_SETTING' });
  });

  it('lists machines with their online state', async () => {
    const r = await call('machines', {}, { WOL_TARGETS: 'localhost=aa:bb:cc:dd:ee:ff@127.0.0.1' });
    expect(r.data.machines).toEqual([{ name: 'localhost', mac: 'aa:bb:cc:dd:ee:ff', address: '127.0.0.1', online: true }]);
    expect(deviceViewProblems('home.network', r.data)).toEqual([]);
  });

  it('finds a machine by its MAC in the ARP table', () => {
    const table = 'IP address       HW type     Flags       HW address            Mask     Device\n192.168.1.42     0x1         0x2         aa:bb:cc:dd:ee:ff     *        eth0\n';
    expect(ipFromArp('AA:BB:CC:DD:EE:FF', () => table)).toBe('192.168.1.42');
    expect(ipFromArp('11:22:33:44:55:66', () => table)).toBeUndefined();
  });
});

describe('network checks', () => {
  let tcp: Server;
  let tcpPort = 0;
  let web: HttpServer;
  let webPort = 0;
  let closedPort = 0;

  beforeAll(async () => {
    tcp = createServer((s) => s.end());
    tcpPort = await listen(tcp);
    web = createHttpServer((req, res) => {
      if (req.url === '/hang') return; // never answers: the time limit decides
      res.writeHead(204).end();
    });
    webPort = await listen(web);
    const gone = createServer();
    closedPort = await listen(gone);
    await new Promise((r) => gone.close(r));
  });
  afterAll(async () => {
    web.closeAllConnections();
    await new Promise((r) => web.close(r));
    await new Promise((r) => tcp.close(r));
  });

  it('says whether a TCP port is open', async () => {
    expect((await call('port_open', { host: '127.0.0.1', port: tcpPort })).data).toMatchObject({ open: true, state: 'open' });
    expect((await call('port_open', { host: '127.0.0.1', port: closedPort })).data).toMatchObject({ open: false, state: 'closed' });
  });

  it('says whether a host is up', async () => {
    expect((await call('host_up', { host: '127.0.0.1', timeout_ms: 1000 })).data).toMatchObject({ host: '127.0.0.1', up: true });
  });

  it('refuses a host that looks like an option', async () => {
    expect((await call('host_up', { host: '-c1' })).error).toMatchObject({ code: 'INVALID_ARGUMENTS' });
  });

  it('looks names up', async () => {
    expect((await call('dns_lookup', { name: 'localhost' })).data.addresses).toContain('127.0.0.1');
  });

  it('reports HTTP status and time, and gives up at the time limit', async () => {
    expect((await call('http_check', { url: `http://127.0.0.1:${webPort}/` })).data).toMatchObject({ ok: true, status: 204 });
    expect((await call('http_check', { url: `http://127.0.0.1:${webPort}/hang`, timeout_ms: 200 })).data).toMatchObject({ ok: false, status: 0, error: 'timeout' });
    expect((await call('http_check', { url: `http://127.0.0.1:${closedPort}/` })).data).toMatchObject({ ok: false, error: 'ECONNREFUSED' });
  });
});
