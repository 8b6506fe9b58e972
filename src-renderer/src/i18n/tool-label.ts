import { exists, t } from './index';

/**
 * What a tool call did, in the family's words ("Einkaufsliste: hinzugefügt"): tool ids like
 * `groceries_add` stay in Wissen & System. A skill's tool (`skill_<skill>_<action>`) reads
 * as "Skill: <skill> <action>"; any other as a plain "Aktion".
 */
export function toolLabel(tool: string): string {
  if (/^[a-z]+_[a-z_]+$/.test(tool) && exists(`tools.${tool}`)) return t(`tools.${tool}`);
  if (tool.startsWith('skill_')) return t('tools.skill', { name: tool.slice('skill_'.length).replace(/_/g, ' ') });
  return t('tools.other');
}

/** A screen id ("food") as the navigation names it ("Essen & Einkauf"). */
export function moduleLabel(module: string): string {
  return exists(`nav.${module}`) && module !== 'label' ? t(`nav.${module}`) : module;
}
