import type { IpcMain, IpcMainInvokeEvent, WebContents } from 'electron';
import { IPC_REQUEST_CHANNELS, type IpcEventChannel, type IpcEvents } from '../../src-shared';
import type { IpcRouter, IpcSender } from './ipc-router';

/** What main knows about an invoke: the frame that sent it and which window it lives in. */
export function senderOf(
  event: Pick<IpcMainInvokeEvent, 'senderFrame' | 'sender'>,
  mainContents: WebContents | undefined,
): IpcSender | undefined {
  const frame = event.senderFrame;
  if (!frame) return undefined;
  return {
    url: frame.url,
    isMainFrame: frame.parent === null,
    fromMainWindow: mainContents !== undefined && event.sender === mainContents,
  };
}

/** One ipcMain handler per channel of the enum, each going through the router's checks. */
export function bindIpc(ipcMain: Pick<IpcMain, 'handle'>, router: IpcRouter, mainContents: () => WebContents | undefined): void {
  for (const channel of IPC_REQUEST_CHANNELS) {
    ipcMain.handle(channel, (event, payload: unknown) => router.dispatch(senderOf(event, mainContents()), channel, payload));
  }
}

export function sendEvent<E extends IpcEventChannel>(contents: WebContents | undefined, event: E, payload: IpcEvents[E]): void {
  if (contents && !contents.isDestroyed()) contents.send(event, payload);
}
