// Example skill for the Node runtime worker: one JSON envelope on stdin, one result on stdout.
let raw = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (c) => (raw += c));
process.stdin.on('end', () => {
  const envelope = JSON.parse(raw);
  const words = envelope.input.text.split(/\s+/).filter(Boolean).length;
  process.stdout.write(
    JSON.stringify({ protocol: envelope.protocol, success: true, data: { words, runtime: 'node' }, message: `${words} Wörter.`, mutated: false }),
  );
});
