// An esbuild plugin for the master bundle: fastify/lib/server.js requires node:https and
// node:http2 when it loads, for kinds of server the master never creates (it listens with
// plain HTTP/1.1). With TLS behind them they cost about 10 ms of every cold start, so the
// bundled copy requires them when such a server is created instead. The rewrite checks
// the exact lines and every use, so a fastify upgrade that changes them fails the build.
import { readFileSync } from 'node:fs';

const REWRITES = [
  {
    name: 'https',
    eager: "const https = require('node:https')",
    lazy: "const https = { createServer: (...args) => require('node:https').createServer(...args) }",
    members: ['createServer'],
  },
  {
    name: 'http2',
    eager: "const http2 = require('node:http2')",
    lazy:
      "const http2 = { createServer: (...args) => require('node:http2').createServer(...args), createSecureServer: (...args) => require('node:http2').createSecureServer(...args) }",
    members: ['createServer', 'createSecureServer'],
  },
];

/** fastify's lib/server.js source with node:https and node:http2 required on first use. */
export function lazyTransports(source) {
  let out = source;
  for (const r of REWRITES) {
    if (!out.includes(r.eager)) throw new Error(`fastify/lib/server.js no longer has "${r.eager}"; update scripts/fastify-lazy-transports.mjs`);
    const code = out.replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, '');
    for (const m of code.matchAll(new RegExp(`\\b${r.name}\\.(\\w+)`, 'g'))) {
      if (!r.members.includes(m[1])) throw new Error(`fastify/lib/server.js uses ${r.name}.${m[1]}; update scripts/fastify-lazy-transports.mjs`);
    }
    out = out.replace(r.eager, r.lazy);
  }
  return out;
}

export const fastifyLazyTransportsPlugin = {
  name: 'fastify-lazy-transports',
  setup(build) {
    build.onLoad({ filter: /[\\/]node_modules[\\/]fastify[\\/]lib[\\/]server\.js$/ }, (args) => ({
      contents: lazyTransports(readFileSync(args.path, 'utf8')),
      loader: 'js',
    }));
  },
};
