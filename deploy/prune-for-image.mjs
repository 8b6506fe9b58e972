// Run in the image's build stage after `npm prune --omit=dev`: drops what a Linux server of
// this architecture never loads, which is most of the image's size (the speech detector's
// runtime ships binaries for every platform; the SQLite addon keeps its sources and objects).
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const modules = process.argv[2] ?? 'node_modules';
const gone = [];
const remove = (path) => {
  if (existsSync(path)) {
    rmSync(path, { recursive: true, force: true });
    gone.push(path);
  }
};

const onnx = join(modules, 'onnxruntime-node', 'bin');
if (existsSync(onnx)) {
  for (const napi of readdirSync(onnx)) {
    for (const platform of readdirSync(join(onnx, napi))) {
      if (platform !== process.platform) remove(join(onnx, napi, platform));
      else for (const arch of readdirSync(join(onnx, napi, platform))) if (arch !== process.arch) remove(join(onnx, napi, platform, arch));
    }
  }
}

const sqlite = join(modules, 'better-sqlite3');
for (const part of [
  'deps',
  'src',
  'build/Release/obj',
  'build/Release/obj.target',
  'build/Release/sqlite3.a',
  'build/Release/test_extension.node',
  'build/deps',
]) {
  remove(join(sqlite, part));
}
process.stdout.write(`pruned ${gone.length} paths\n`);
