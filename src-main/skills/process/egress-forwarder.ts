/**
 * The program that runs first in the sandbox of a skill with the network permission:
 * `node forwarder.cjs <unix socket> <port> <skill command> [args…]`. It offers the master's
 * egress proxy (the unix socket) on 127.0.0.1:<port> of the sandbox's own network, then
 * starts the skill with the same stdin, stdout and stderr and ends as the skill ends.
 * Written to a file by EgressProxies: plain CommonJS, no imports of the app, so it runs
 * under any Node (and Electron with ELECTRON_RUN_AS_NODE) the sandbox can see.
 */
export const EGRESS_FORWARDER_SOURCE = `'use strict';
const net = require('node:net');
const { spawn } = require('node:child_process');
const [socketPath, port, file, ...args] = process.argv.slice(2);
const server = net.createServer((client) => {
  const upstream = net.connect(socketPath);
  client.pipe(upstream);
  upstream.pipe(client);
  client.on('error', () => upstream.destroy());
  upstream.on('error', () => client.destroy());
});
server.on('error', (err) => {
  process.stderr.write('network forwarder: ' + err.message + '\\n');
  process.exit(126);
});
server.listen(Number(port), '127.0.0.1', () => {
  const env = { ...process.env };
  delete env.ELECTRON_RUN_AS_NODE;
  const child = spawn(file, args, { stdio: 'inherit', env });
  child.on('error', (err) => {
    process.stderr.write(err.message + '\\n');
    process.exit(127);
  });
  child.on('exit', (code, signal) => {
    if (signal) process.kill(process.pid, signal);
    process.exit(code === null ? 1 : code);
  });
});
`;
