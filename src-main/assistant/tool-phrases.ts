// Words a household uses for each core tool, German and English, beside the tool's own
// (German) description. The tool retrieval reads them when more tools are active than the
// model can take; a skill or MCP tool is found by its name and description alone.
import { DOMAIN_TOOL_PHRASES } from '../household';

export const CORE_TOOL_PHRASES: Readonly<Record<string, string>> = {
  system_get_time: 'uhrzeit datum wie spät welcher tag heute time date what day clock',
  // Each list's words are in its DOMAINS row (household/domains/<list>/words.ts).
  ...DOMAIN_TOOL_PHRASES,
  memory_propose: 'merken merk dir merke dauerhaft fakt wissen allergie vorliebe remember note fact allergy preference',
  rag_search:
    'dokument dokumente unterlagen wissen handbuch anleitung bedienungsanleitung garantie vertrag rechnung brief telefonnummer nummer adresse firma wie oft wann steht suche document documents knowledge manual warranty contract letter phone number address company how often search find',
};
