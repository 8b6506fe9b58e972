import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { lazyTransports } from './fastify-lazy-transports.mjs';

const rewrite = lazyTransports as (source: string) => string;
const serverJs = createRequire(import.meta.url).resolve('fastify/lib/server.js');

describe('lazyTransports', () => {
  it('rewrites the installed fastify: https and http2 are required only when such a server is made', () => {
    const out = rewrite(readFileSync(serverJs, 'utf8'));
    expect(out).not.toContain("require('node:https')\n");
    expect(out).not.toContain("require('node:http2')\n");
    expect(out).toContain("const https = { createServer: (...args) => require('node:https').createServer(...args) }");
  });

  it('fails loudly when fastify changes the lines or uses more of the modules', () => {
    expect(() => rewrite("const http = require('node:http')\n")).toThrow(/no longer has/);
    const more = "const https = require('node:https')\nconst http2 = require('node:http2')\nhttp2.connect()\n";
    expect(() => rewrite(more)).toThrow(/uses http2\.connect/);
  });

  it('keeps working servers: the lazy objects create the real thing', () => {
    const out = rewrite("const https = require('node:https')\nconst http2 = require('node:http2')\nmodule.exports = { https, http2 }\n");
    const mod: { exports: { https: { createServer(): unknown }; http2: { createServer(): unknown } } } = { exports: {} as never };
    new Function('module', 'require', out)(mod, createRequire(import.meta.url));
    const h2 = mod.exports.http2.createServer() as { constructor: { name: string } };
    expect(h2.constructor.name).toBe('Http2Server');
    const h1 = mod.exports.https.createServer() as { constructor: { name: string } };
    expect(h1.constructor.name).toBe('Server');
  });
});
