import {
  CAMERA_EVENTS_TOOL,
  HOME_SERVER_TOOLS,
  toolSuccess,
  toolFailure,
  type JsonSchemaObject,
  type ProtectDetectionEvent,
  type ToolResult,
} from '../../src-shared';
import type { RegisteredTool, SkillRegistry, ToolContext, ToolProvider } from '../platform/registry';
import type { ProtectEventFollower } from './protect-events';

const INPUT: JsonSchemaObject = {
  type: 'object',
  additionalProperties: false,
  properties: { hours: { type: 'integer', minimum: 1, maximum: 24, description: 'Wie viele Stunden zurück (Standard 3).' } },
};

const TOOL: RegisteredTool = {
  name: CAMERA_EVENTS_TOOL,
  description: 'Bewegungen und erkannte Personen, Fahrzeuge oder Tiere der UniFi-Protect-Kameras in den letzten Stunden.',
  input_schema: INPUT,
  provider: 'core',
  mutates: false,
  requires_confirmation: false,
  risk: 'read',
  source: 'core',
};

const WORDS: Record<string, string> = { person: 'Person', vehicle: 'Fahrzeug', animal: 'Tier', package: 'Paket' };

/** The detections with camera names (from the Protect skill's camera list, when it answers). */
export async function namedDetections(
  follower: ProtectEventFollower,
  registry: SkillRegistry,
  hours: number,
  ctx: ToolContext,
): Promise<ProtectDetectionEvent[]> {
  const events = follower.recent(hours);
  if (events.length === 0) return events;
  const cameras = await registry.call(HOME_SERVER_TOOLS.protectCameras, {}, { ...ctx, actor: 'system' });
  const names = new Map(
    cameras.success ? (cameras.data as { cameras: { id: string; name: string }[] }).cameras.map((c) => [c.id, c.name] as const) : [],
  );
  return events.map((e) => (names.has(e.camera_id) ? { ...e, camera: names.get(e.camera_id)! } : e));
}

/** `home_camera_events` (read): what the master saw on the console's event subscription. */
export function cameraEventsTool(follower: ProtectEventFollower, registry: SkillRegistry): ToolProvider {
  return {
    kind: 'core',
    list: () => [TOOL],
    async call(name, args, ctx): Promise<ToolResult> {
      if (name !== CAMERA_EVENTS_TOOL) return toolFailure('UNKNOWN_TOOL', `Unbekanntes Tool: ${name}`);
      const hours = typeof args.hours === 'number' ? args.hours : 3;
      const events = await namedDetections(follower, registry, hours, ctx);
      const line = (e: ProtectDetectionEvent) =>
        `${e.camera ?? e.camera_id}: ${e.smart_types.length ? e.smart_types.map((t) => WORDS[t] ?? t).join(', ') : 'Bewegung'}`;
      const message =
        events.length === 0
          ? `In den letzten ${hours} Stunden keine Bewegung${follower.live ? '' : ' (die Verbindung zur Konsole steht gerade nicht)'}.`
          : `${events.length} Ereignis(se) in den letzten ${hours} Stunden: ${events.slice(0, 10).map(line).join('; ')}.`;
      return toolSuccess({ live: follower.live, events }, message, false);
    },
  };
}
