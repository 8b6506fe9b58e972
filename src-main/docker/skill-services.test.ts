import { describe, expect, it } from 'vitest';
import { describeDockerError } from './skill-services';

describe('docker error descriptions', () => {
  it('names a missing socket and a permission problem in words a user can act on', () => {
    expect(describeDockerError(Object.assign(new Error('connect ENOENT'), { code: 'ENOENT' }), '/var/run/docker.sock')).toContain(
      'no Docker socket at /var/run/docker.sock',
    );
    expect(describeDockerError(Object.assign(new Error('connect EACCES'), { code: 'EACCES' }), '/var/run/docker.sock')).toContain(
      'permission denied on /var/run/docker.sock',
    );
  });
});
