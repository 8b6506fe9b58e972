import { describe, expect, it } from 'vitest';
import { findArea, matchEntities, type MatchArea, type MatchCandidate } from './name-match';

const areas: MatchArea[] = [
  { area_id: 'wohnzimmer', name: 'Wohnzimmer' },
  { area_id: 'buero', name: 'Büro' },
  { area_id: 'kitchen', name: 'Kitchen' },
  { area_id: 'schlafzimmer', name: 'Schlafzimmer', aliases: ['Elternzimmer'] },
];

const entities: MatchCandidate[] = [
  { entity_id: 'light.wohnzimmer_decke', domain: 'light', name: 'Deckenlampe', area_id: 'wohnzimmer' },
  { entity_id: 'light.wohnzimmer_stehlampe', domain: 'light', name: 'Stehlampe', area_id: 'wohnzimmer' },
  { entity_id: 'light.kitchen', domain: 'light', name: 'Kitchen Light', area_id: 'kitchen' },
  { entity_id: 'light.schreibtisch', domain: 'light', name: 'Schreibtischlampe', area_id: 'buero' },
  { entity_id: 'cover.buero_links', domain: 'cover', name: 'Rollladen links', area_id: 'buero' },
  { entity_id: 'cover.buero_rechts', domain: 'cover', name: 'Rollladen rechts', area_id: 'buero' },
  { entity_id: 'cover.schlafzimmer', domain: 'cover', name: 'Schlafzimmer Rollo', area_id: 'schlafzimmer' },
  { entity_id: 'switch.kaffeemaschine', domain: 'switch', name: 'Kaffeemaschine', area_id: 'kitchen' },
  { entity_id: 'lock.haustuer', domain: 'lock', name: 'Haustür' },
];

const ids = (text: string, domain?: string) => {
  const r = matchEntities(text, domain, entities, areas);
  return r.kind === 'found' ? [...r.entity_ids].sort() : r.kind;
};

describe('entity names said in German', () => {
  it('a compound of room and device word means every light in that room ("Wohnzimmerlicht")', () => {
    expect(ids('Wohnzimmerlicht', 'light')).toEqual(['light.wohnzimmer_decke', 'light.wohnzimmer_stehlampe']);
  });

  it('a plural with umlaut and the area finds all covers there ("die Rollläden im Büro")', () => {
    expect(ids('die Rollläden im Büro', 'cover')).toEqual(['cover.buero_links', 'cover.buero_rechts']);
  });

  it('umlauts written as ae/oe/ue and the singular mean the same', () => {
    expect(ids('Rollladen im Buero', 'cover')).toEqual(['cover.buero_links', 'cover.buero_rechts']);
    expect(ids('Haustuer', 'lock')).toEqual(['lock.haustuer']);
  });

  it('a device named by its own name and side is one entity', () => {
    expect(ids('den rechten Rollladen im Büro', 'cover')).toEqual(['cover.buero_rechts']);
    expect(ids('Stehlampe', 'light')).toEqual(['light.wohnzimmer_stehlampe']);
    expect(ids('Schreibtischlampe', 'light')).toEqual(['light.schreibtisch']);
  });

  it('an area answers to its aliases', () => {
    expect(ids('Rollo im Elternzimmer', 'cover')).toEqual(['cover.schlafzimmer']);
  });

  it('a German room word finds an area named in English ("Licht in der Küche")', () => {
    expect(ids('Licht in der Küche', 'light')).toEqual(['light.kitchen']);
    expect(ids('Kuechenlicht', 'light')).toEqual(['light.kitchen']);
  });
});

describe('entity names said in English', () => {
  it('"kitchen lights" and "the office blinds"', () => {
    expect(ids('kitchen lights', 'light')).toEqual(['light.kitchen']);
    expect(ids('the office blinds', 'cover')).toEqual(['cover.buero_links', 'cover.buero_rechts']);
  });

  it('"living room lamps" finds the German-named area', () => {
    expect(ids('living room lamps', 'light')).toEqual(['light.wohnzimmer_decke', 'light.wohnzimmer_stehlampe']);
  });

  it('"coffee machine" is not guessed: no match', () => {
    expect(ids('coffee machine', 'switch')).toBe('none');
  });
});

describe('what does not match or is ambiguous', () => {
  it("only entities of the tool's own domain are found", () => {
    expect(ids('Haustür', 'light')).toBe('none');
    expect(ids('Büro', 'lock')).toBe('none');
  });

  it('a bare device word with several candidates in different rooms is ambiguous', () => {
    expect(ids('Licht', 'light')).toBe('ambiguous');
  });

  it('an entity id matches itself', () => {
    expect(ids('cover.schlafzimmer', 'cover')).toEqual(['cover.schlafzimmer']);
  });

  it('a room that does not exist matches nothing', () => {
    expect(ids('Licht im Keller', 'light')).toBe('none');
  });
});

describe('findArea', () => {
  it('finds the area a phrase names, in either language and spelling', () => {
    expect(findArea('im Wohnzimmer', areas)?.area_id).toBe('wohnzimmer');
    expect(findArea('living room', areas)?.area_id).toBe('wohnzimmer');
    expect(findArea('Buero', areas)?.area_id).toBe('buero');
    expect(findArea('Küche', areas)?.area_id).toBe('kitchen');
    expect(findArea('Dachboden', areas)).toBeUndefined();
  });
});

describe('hostile phrases', () => {
  it('a long phrase of unknown words against a large home is answered (none), not hung on', () => {
    const many: MatchCandidate[] = Array.from({ length: 2000 }, (_, i) => ({
      entity_id: `light.lampe_${i}`,
      domain: 'light',
      name: `Lampe Nummer ${i} Flurbeleuchtung`,
      area_id: 'wohnzimmer',
    }));
    const phrase = Array.from({ length: 50 }, () => 'xqzwvkjhgfdsapoiuytrewqmnbvcxlkjhg').join(' ');
    expect(matchEntities(phrase, 'light', many, areas)).toEqual({ kind: 'none' });
  });
});
