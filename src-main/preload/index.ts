import { contextBridge, ipcRenderer } from 'electron';
import { buildDeskApi } from './build-api';

const desk = buildDeskApi({
  invoke: (channel, req, callId) => ipcRenderer.invoke(channel, req, callId),
  abort: (callId) => ipcRenderer.send('desk:abort', callId),
  subscribe: (event, listener) => {
    const wrapped = (_e: unknown, payload: unknown) => listener(payload);
    ipcRenderer.on(`desk:event:${event}`, wrapped);
    return () => {
      ipcRenderer.removeListener(`desk:event:${event}`, wrapped);
    };
  },
});

contextBridge.exposeInMainWorld('desk', desk);
