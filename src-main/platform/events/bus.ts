import { EventEmitter } from 'node:events';
import type { ServerEvent, ServerEventArgs, ServerEventName } from '../../../src-shared';

/**
 * In-process fan-out of things the UI should see live (state changes, due reminders,
 * ingest progress, worker changes). GET /api/events turns it into server-sent events;
 * the desktop shell turns some of it into notifications. Every name and payload is in
 * `ServerEventData` (src-shared/api.ts), so a publisher and the renderer cannot disagree.
 */
export class EventBus {
  private readonly emitter = new EventEmitter();

  constructor(private readonly now: () => Date = () => new Date()) {
    this.emitter.setMaxListeners(0);
  }

  publish<K extends ServerEventName>(type: K, ...[data]: ServerEventArgs<K>): void {
    const event: ServerEvent = data === undefined ? { type, at: this.now().toISOString() } : { type, at: this.now().toISOString(), data };
    this.emitter.emit('event', event);
  }

  subscribe(listener: (event: ServerEvent) => void): () => void {
    this.emitter.on('event', listener);
    return () => this.emitter.off('event', listener);
  }
}

/** What a capability needs to publish, without the rest of the bus. */
export type Publish = EventBus['publish'];
