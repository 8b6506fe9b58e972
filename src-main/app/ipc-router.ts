import {
  IPC_REQUEST_SCHEMAS,
  isIpcRequestChannel,
  type IpcError,
  type IpcRequestChannel,
  type IpcRequests,
  type IpcResult,
} from '../../src-shared';
import { compileSchema, describeAjvError } from '../platform/validation';

// One class in main owns the IPC handlers (Electron Fiddle's ipc-events). Before any
// handler runs it checks who is asking — the app's own page in the main frame of the
// main window (VS Code's validateSender) — and what: the payload against the channel's
// schema from src-shared. A handler therefore only ever sees a well-formed request.

/** What main knows about the frame that sent an IPC message (Electron's WebFrameMain). */
export interface IpcSender {
  /** The frame's URL; empty for a frame that has gone away. */
  readonly url: string;
  /** True for the top-level frame (WebFrameMain.parent === null). */
  readonly isMainFrame: boolean;
  /** Whether the message came from the main window's webContents (not e.g. the indicator). */
  readonly fromMainWindow: boolean;
}

export type IpcHandler<C extends IpcRequestChannel> = (
  payload: IpcRequests[C]['request'],
) => Promise<IpcRequests[C]['response']> | IpcRequests[C]['response'];

/** A handler throws this for a deliberate, user-facing refusal. */
export class IpcRefusal extends Error {
  constructor(
    readonly code: IpcError['code'],
    message: string,
    readonly path?: string,
  ) {
    super(message);
  }
}

export function checkSender(sender: IpcSender | undefined, appOrigin: string): IpcError | undefined {
  if (!sender || !sender.fromMainWindow) return { code: 'FORBIDDEN_SENDER', message: 'IPC is only answered for the main window.' };
  if (!sender.isMainFrame) return { code: 'FORBIDDEN_SENDER', message: 'IPC is only answered for the main frame.' };
  let origin: string;
  try {
    origin = new URL(sender.url).origin;
  } catch {
    return { code: 'FORBIDDEN_SENDER', message: 'IPC sender has no valid URL.' };
  }
  if (origin !== appOrigin) return { code: 'FORBIDDEN_SENDER', message: 'IPC is only answered for the app origin.' };
  return undefined;
}

export function checkPayload(channel: IpcRequestChannel, payload: unknown): IpcError | undefined {
  const fn = compileSchema(IPC_REQUEST_SCHEMAS[channel]);
  if (fn(payload)) return undefined;
  const { message, path } = describeAjvError(fn.errors?.[0]);
  return { code: 'INVALID_PAYLOAD', message: `${channel}: payload${path} ${message}`, path };
}

export class IpcRouter {
  private readonly handlers = new Map<IpcRequestChannel, IpcHandler<IpcRequestChannel>>();

  constructor(
    private readonly appOrigin: string,
    private readonly onError: (channel: string, err: unknown) => void = () => {},
  ) {}

  handle<C extends IpcRequestChannel>(channel: C, handler: IpcHandler<C>): void {
    if (this.handlers.has(channel)) throw new Error(`IPC channel ${channel} already has a handler`);
    this.handlers.set(channel, handler as unknown as IpcHandler<IpcRequestChannel>);
  }

  channels(): IpcRequestChannel[] {
    return [...this.handlers.keys()];
  }

  /** Every IPC request enters here; the result is always an envelope, never a throw. */
  async dispatch(sender: IpcSender | undefined, channel: unknown, payload: unknown): Promise<IpcResult<unknown>> {
    const forbidden = checkSender(sender, this.appOrigin);
    if (forbidden) return { ok: false, error: forbidden };
    if (!isIpcRequestChannel(channel))
      return { ok: false, error: { code: 'UNKNOWN_CHANNEL', message: `Unknown IPC channel ${String(channel).slice(0, 60)}` } };
    const handler = this.handlers.get(channel);
    if (!handler) return { ok: false, error: { code: 'UNKNOWN_CHANNEL', message: `No handler for ${channel}` } };
    const invalid = checkPayload(channel, payload);
    if (invalid) return { ok: false, error: invalid };
    try {
      return { ok: true, data: (await handler(payload as never)) ?? null };
    } catch (err) {
      if (err instanceof IpcRefusal)
        return { ok: false, error: { code: err.code, message: err.message, ...(err.path ? { path: err.path } : {}) } };
      this.onError(channel, err);
      return { ok: false, error: { code: 'FAILED', message: `${channel} failed` } };
    }
  }
}
