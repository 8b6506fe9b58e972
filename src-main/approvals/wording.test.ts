import { describe, expect, it } from 'vitest';
import type { RegisteredTool } from '../platform/registry';
import { plainWordsOf } from './wording';

const tool = (
  name: string,
  description = 'Home Assistant: control scripts (Skript).',
  risk: RegisteredTool['risk'] = 'disruptive',
): RegisteredTool => ({
  name,
  description,
  input_schema: { type: 'object' },
  provider: 'plugin',
  mutates: true,
  requires_confirmation: false,
  risk,
  source: 'test',
});

describe('a held request in plain words', () => {
  it("says the home pack's actions as a family does, in both languages", () => {
    expect(plainWordsOf(tool('skill_home_unifi_network_unblock_client'), { client: 'Spielkonsole' })).toEqual({
      de: 'WLAN für Spielkonsole freigeben',
      en: 'Turn the Wi-Fi back on for Spielkonsole',
    });
    expect(plainWordsOf(tool('skill_home_proxmox_reboot'), { guest: 'minecraft' }).de).toBe('Server minecraft neu starten');
  });

  it("says Home Assistant's calls by their target, never by an entity id or a service name", () => {
    expect(plainWordsOf(tool('homeassistant_script'), { target: 'script.gute_nacht', service: 'turn_on' })).toEqual({
      de: '„Gute nacht“ ausführen',
      en: 'Run “Gute nacht”',
    });
    expect(plainWordsOf(tool('homeassistant_lock', 'locks', 'security'), { target: 'Haustür', service: 'unlock' })).toEqual({
      de: 'Haustür aufschließen',
      en: 'Unlock Haustür',
    });
  });

  it('describes any other tool by its description and the words in its arguments, without ids', () => {
    const words = plainWordsOf(tool('skill_garden_water', 'Bewässert den Garten. Dauer in Minuten.'), {
      zone: 'Beet vorne',
      id: 'zone_abc123456',
    });
    expect(words).toEqual({ de: 'Bewässert den Garten (Beet vorne)', en: 'A change in the home that others notice: Beet vorne' });
    for (const text of Object.values(words)) expect(text).not.toMatch(/skill_|zone_abc/);
  });
});
