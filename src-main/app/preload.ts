import { contextBridge, ipcRenderer } from 'electron';
import { isIpcEventChannel, isIpcRequestChannel, type IpcResult, type JarvisBridge } from '../../src-shared';

// The one bridge (STYLE.md): `window.jarvis` with invoke/on over the channel enum of
// src-shared/ipc.ts. Nothing else of Electron or Node reaches the page; unknown channels
// are refused here and again in main, which also validates sender and payload.

const bridge: JarvisBridge = {
  desktop: true,
  invoke(channel, payload) {
    if (!isIpcRequestChannel(channel)) {
      return Promise.resolve({
        ok: false,
        error: { code: 'UNKNOWN_CHANNEL', message: `Unknown IPC channel ${String(channel)}` },
      } as IpcResult<never>);
    }
    return ipcRenderer.invoke(channel, payload ?? null);
  },
  on(event, listener) {
    if (!isIpcEventChannel(event)) throw new Error(`Unknown IPC event ${String(event)}`);
    // The Electron event object (with its sender) never reaches the page.
    const wrapped = (_e: unknown, payload: unknown) => listener(payload as never);
    ipcRenderer.on(event, wrapped);
    return () => {
      ipcRenderer.removeListener(event, wrapped);
    };
  },
};

contextBridge.exposeInMainWorld('jarvis', Object.freeze(bridge));
