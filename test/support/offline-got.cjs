// Loaded with `node --require` before electronegativity: the scanner fetches translations and Electron's
// release list over the network with `got`, and on Node 24 a timed-out request crashes it (p-cancelable throws
// from a retry timer). Tests never use the network, so every `got` call fails at once, which the scanner
// already handles ("could not retrieve…") before scanning the files it was given.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS file for node --require
const Module = require('node:module');
const load = Module._load;
Module._load = function (request, parent, isMain) {
  if (request === 'got') {
    const offline = () => Promise.reject(new Error('offline: tests do not use the network'));
    offline.head = offline;
    offline.get = offline;
    return Object.assign(offline, { default: offline });
  }
  return load.call(this, request, parent, isMain);
};
