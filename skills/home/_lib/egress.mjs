// In JARVIS's sandbox a skill has a network of its own; its way out is the egress proxy that
// HTTPS_PROXY / HTTP_PROXY name (an HTTP CONNECT proxy on the sandbox's loopback). Node's
// http and https ignore those variables, so a device client opens its connection here:
// through a CONNECT tunnel where a proxy is named, directly where none is (outside the sandbox).
import net from 'node:net';
import tls from 'node:tls';

/** The proxy the environment names, or undefined. */
export function proxyOf(env = process.env) {
  const text = env.HTTPS_PROXY || env.https_proxy || env.HTTP_PROXY || env.http_proxy;
  if (!text) return undefined;
  try {
    const url = new URL(text);
    return url.protocol === 'http:' ? { host: url.hostname, port: Number(url.port || 80) } : undefined;
  } catch {
    return undefined;
  }
}

/** A TCP connection to host:port through the proxy's CONNECT; rejects with the proxy's refusal (code EGRESS_REFUSED). */
export function tunnel(proxy, host, port, timeoutMs) {
  return new Promise((resolve, reject) => {
    const socket = net.connect(proxy.port, proxy.host);
    let head = Buffer.alloc(0);
    const fail = (err) => {
      socket.destroy();
      reject(err);
    };
    socket.setTimeout(timeoutMs, () => fail(Object.assign(new Error(`${host}:${port} did not answer within ${timeoutMs} ms.`), { code: 'TIMEOUT' })));
    socket.once('error', fail);
    socket.once('connect', () => {
      const target = net.isIPv6(host) ? `[${host}]:${port}` : `${host}:${port}`;
      socket.write(`CONNECT ${target} HTTP/1.1\r\nHost: ${target}\r\n\r\n`);
    });
    const onData = (chunk) => {
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf('\r\n\r\n');
      if (end < 0) return head.length > 16384 ? fail(new Error('the network proxy answered with an oversized head')) : undefined;
      socket.off('data', onData);
      const text = head.toString('utf8');
      if (!/^HTTP\/1\.[01] 200/.test(text)) {
        const reason = text.slice(end + 4).trim() || text.split('\r\n')[0];
        return fail(Object.assign(new Error(reason.replace(/^JARVIS: /, '')), { code: 'EGRESS_REFUSED' }));
      }
      socket.removeListener('error', fail);
      socket.setTimeout(0);
      if (head.length > end + 4) socket.unshift(head.subarray(end + 4));
      resolve(socket);
    };
    socket.on('data', onData);
  });
}

/**
 * The connection for one request to `url`: undefined outside the sandbox (the HTTP client
 * connects itself), else a tunnel, with TLS on top for https (`tlsOptions` as tls.connect takes them).
 */
export async function connectionFor(url, { timeoutMs, tlsOptions } = {}) {
  const proxy = proxyOf();
  if (!proxy) return undefined;
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  const raw = await tunnel(proxy, url.hostname.replace(/^\[|\]$/g, ''), port, timeoutMs ?? 8000);
  if (url.protocol !== 'https:') return raw;
  return tls.connect({ ...(tlsOptions ?? {}), socket: raw });
}
