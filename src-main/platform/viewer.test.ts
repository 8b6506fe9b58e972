import { describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { setViewer, viewerOf } from './viewer';

describe('viewerOf', () => {
  it('is the loopback desktop until the LAN authentication names a device and member', () => {
    const req = {} as FastifyRequest;
    expect(viewerOf(req)).toEqual({ via: 'loopback' });
    setViewer(req, { via: 'lan', deviceId: 'd1', memberId: 'm2' });
    expect(viewerOf(req)).toEqual({ via: 'lan', deviceId: 'd1', memberId: 'm2' });
    expect(viewerOf({} as FastifyRequest)).toEqual({ via: 'loopback' });
  });
});
