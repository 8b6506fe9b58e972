import { describe, expect, it } from 'vitest';
import { deviceViewProblems } from './home-skill-testing';

describe('the overview check against the shared device views', () => {
  it('passes an overview whose devices fit, with fields of its own beside the view', () => {
    const lights = [{ id: 'l-1', name: 'Sofa', on: true, brightness: 40, dimmable: true, mirek: 366 }];
    expect(deviceViewProblems('home.hue', { lights, rooms: [], scenes: [] })).toEqual([]);
  });

  it('names each device that does not fit, an empty or missing list, and a skill without a row', () => {
    expect(deviceViewProblems('home.hue', { lights: [{ id: 'l-1', name: 'Sofa', on: 'yes', dimmable: true }] })).toEqual([
      expect.stringContaining('lights[0] is no light view'),
    ]);
    expect(deviceViewProblems('home.network', { machines: [{ name: 'PC' }] })).toEqual([expect.stringContaining("must have required property 'online'")]);
    expect(deviceViewProblems('home.unifi.protect', { cameras: [] })).toEqual([expect.stringContaining('no cameras')]);
    expect(deviceViewProblems('home.ntfy', {})).toEqual(['home.ntfy has no row in HOME_INTEGRATIONS']);
  });
});
