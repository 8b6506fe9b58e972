import { describe, expect, it } from 'vitest';
import { loadWorkerConfig, WorkerConfigError } from './config';

const base = { JARVIS_MASTER_URL: 'http://10.0.0.2:8081/', JARVIS_MESH_ENROLLMENT_TOKEN: 'x'.repeat(20), JARVIS_WORKER_RUNTIME: 'python' };

describe('worker configuration', () => {
  it('has defaults for everything but the master, the token and the runtime', () => {
    expect(loadWorkerConfig(base)).toMatchObject({
      masterUrl: 'http://10.0.0.2:8081',
      name: 'python-main',
      port: 7070,
      host: '0.0.0.0',
      endpoint: 'http://127.0.0.1:7070',
      skillsDir: '/skills',
      allowSystemExec: true,
      maxTimeoutMs: 30000,
    });
  });

  it('names every problem at once and never echoes the token', () => {
    try {
      loadWorkerConfig({
        JARVIS_MESH_ENROLLMENT_TOKEN: 'secret-value-123',
        JARVIS_WORKER_PORT: '99999',
        JARVIS_SKILL_MAX_TIMEOUT_MS: 'soon',
      });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(WorkerConfigError);
      const message = (err as Error).message;
      expect(message).toContain('JARVIS_MASTER_URL is required');
      expect(message).toContain('JARVIS_WORKER_RUNTIME is required');
      expect(message).toContain('JARVIS_WORKER_PORT must be a port number');
      expect(message).toContain('JARVIS_SKILL_MAX_TIMEOUT_MS must be a positive integer');
      expect(message).not.toContain('secret-value-123');
    }
  });
});
