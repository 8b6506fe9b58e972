import type { Socket } from 'node:net';
import type { Server as TlsServer } from 'node:tls';

// The LAN listener speaks HTTPS; someone typing its address without https:// reaches the
// same port with plain HTTP. Each new connection's first byte says which it is (a TLS
// handshake starts with 0x16): TLS goes on to the HTTPS server, plain HTTP gets a redirect
// to the same address over HTTPS and is closed. No second port to configure or open.

const TLS_HANDSHAKE = 0x16;
/** A plain request's head must arrive within this many bytes and this long. */
const MAX_HEAD_BYTES = 8192;
const FIRST_BYTES_TIMEOUT_MS = 10_000;

/** The redirect answer for a plain HTTP request head, or a 400 when it names no acceptable host. */
export function redirectFor(head: string, allowHost: (host: string | undefined) => boolean): string {
  const [requestLine = '', ...headerLines] = head.split('\r\n');
  const target = /^[A-Z]+ (\/[^\s]*) HTTP\/1\.[01]$/.exec(requestLine)?.[1];
  const hostLine = headerLines.find((l) => /^host:/i.test(l));
  const host = hostLine?.slice(5).trim();
  if (!target || !host || !/^[A-Za-z0-9.:[\]-]+$/.test(host) || !allowHost(host)) {
    return 'HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n';
  }
  return `HTTP/1.1 308 Permanent Redirect\r\nLocation: https://${host}${target}\r\nContent-Length: 0\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n`;
}

function answerPlain(socket: Socket, first: Buffer, allowHost: (host: string | undefined) => boolean): void {
  let head = first.toString('latin1');
  const finish = () => {
    socket.removeAllListeners('data');
    socket.end(redirectFor(head.slice(0, head.indexOf('\r\n\r\n')), allowHost));
  };
  /** Answers a complete head, drops one that never ends; true while more is awaited. */
  const waitForMore = (): boolean => {
    if (head.includes('\r\n\r\n')) finish();
    else if (head.length > MAX_HEAD_BYTES) socket.destroy();
    else return true;
    return false;
  };
  if (!waitForMore()) return;
  socket.on('data', (chunk: Buffer) => {
    head += chunk.toString('latin1');
    waitForMore();
  });
  socket.resume();
}

/**
 * Makes `server` (an HTTPS server) answer plain HTTP on its own port with a redirect to
 * HTTPS. Returns a function that drops the connections still being told apart (for close).
 */
export function redirectPlainHttp(server: TlsServer, allowHost: (host: string | undefined) => boolean): () => void {
  const tlsListeners = server.listeners('connection') as ((socket: Socket) => void)[];
  server.removeAllListeners('connection');
  const undecided = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    undecided.add(socket);
    socket.setTimeout(FIRST_BYTES_TIMEOUT_MS, () => socket.destroy());
    socket.once('close', () => undecided.delete(socket));
    socket.on('error', () => socket.destroy());
    socket.once('data', (chunk: Buffer) => {
      socket.setTimeout(0);
      socket.pause();
      if (chunk[0] === TLS_HANDSHAKE) {
        undecided.delete(socket);
        // The TLS socket takes over the bytes already read from here.
        socket.unshift(chunk);
        for (const listener of tlsListeners) listener.call(server, socket);
        return;
      }
      socket.setTimeout(FIRST_BYTES_TIMEOUT_MS, () => socket.destroy());
      answerPlain(socket, chunk, allowHost);
    });
  });
  return () => {
    for (const socket of undecided) socket.destroy();
    undecided.clear();
  };
}
