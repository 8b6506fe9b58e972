import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { composeRunArgs, composeService, interpolate } from './compose-run';

const root = join(import.meta.dirname, '..');

describe('compose services as docker run arguments', () => {
  it('reads the variables compose reads', () => {
    expect(interpolate('${OLLAMA_URL:-http://127.0.0.1:11434}', {})).toBe('http://127.0.0.1:11434');
    expect(interpolate('${OLLAMA_URL:-http://127.0.0.1:11434}', { OLLAMA_URL: 'http://x:1' })).toBe('http://x:1');
    expect(() => interpolate('${TOKEN:?set TOKEN}', {})).toThrow('set TOKEN');
    expect(interpolate('${TOKEN:?set TOKEN}', { TOKEN: 't' })).toBe('t');
  });

  it('the master keeps its locked-down settings, its environment and its named volumes', () => {
    const args = composeRunArgs(composeService(join(root, 'deploy/compose.yaml'), 'jarvis'), {
      name: 'm',
      image: 'img:1',
      volumePrefix: 't_',
      env: { JARVIS_ADDR: '127.0.0.1:1' },
    });
    const text = args.join(' ');
    expect(text).toContain('--network host --read-only --tmpfs /tmp:size=256m,mode=1777 --cap-drop ALL');
    expect(text).toContain('--security-opt no-new-privileges:true');
    expect(text).toContain('--stop-timeout 30');
    expect(text).toContain('-e JARVIS_SKILL_PROCESS_ENABLED=false');
    expect(text).toContain('-e OLLAMA_URL=http://127.0.0.1:11434');
    expect(text).toContain('-e JARVIS_ADDR=127.0.0.1:1');
    expect(text).toContain('-v t_jarvis-data:/data -v t_jarvis-skills:/skills -v t_voice-models:/voice');
    expect(args.at(-1)).toBe('img:1');
  });

  it('a worker gets its runtime folder as an absolute read-only bind mount and its key volume', () => {
    const args = composeRunArgs(composeService(join(root, 'workers/compose.yaml'), 'skill-node'), {
      name: 'w',
      image: 'w:1',
      volumePrefix: 't_',
      variables: { JARVIS_MESH_ENROLLMENT_TOKEN: 'tok' },
    });
    const text = args.join(' ');
    expect(text).toContain(`-v ${join(root, 'skills/node')}:/skills:ro -v t_skill-node-key:/var/lib/jarvis-worker`);
    expect(text).toContain('-e JARVIS_MESH_ENROLLMENT_TOKEN=tok');
    expect(text).toContain('--label com.jarvis.worker-name=node-main');
    expect(text).toContain('--memory 512m --pids-limit 256');
    expect(() =>
      composeRunArgs(composeService(join(root, 'workers/compose.yaml'), 'skill-node'), { name: 'w', image: 'w', volumePrefix: '' }),
    ).toThrow(/JARVIS_MESH_ENROLLMENT_TOKEN/);
  });
});
