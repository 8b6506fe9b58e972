import { contextBridge } from 'electron';

// The renderer talks to the master over HTTP like any local client; the preload only
// tells it that it runs inside the desktop shell. The typed IPC bridge grows here.
contextBridge.exposeInMainWorld('jarvis', Object.freeze({ desktop: true }));
