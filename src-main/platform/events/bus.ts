import { EventEmitter } from 'node:events';
import type { ServerEvent } from '../../../src-shared';

/**
 * In-process fan-out of things the UI should see live (state changes, due reminders,
 * ingest progress, worker changes). GET /api/events turns it into server-sent events;
 * the desktop shell turns some of it into notifications.
 */
export class EventBus {
  private readonly emitter = new EventEmitter();

  constructor(private readonly now: () => Date = () => new Date()) {
    this.emitter.setMaxListeners(0);
  }

  publish(type: string, data?: unknown): void {
    const event: ServerEvent = data === undefined ? { type, at: this.now().toISOString() } : { type, at: this.now().toISOString(), data };
    this.emitter.emit('event', event);
  }

  subscribe(listener: (event: ServerEvent) => void): () => void {
    this.emitter.on('event', listener);
    return () => this.emitter.off('event', listener);
  }
}
