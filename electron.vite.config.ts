import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';

// The preload runs in a sandboxed renderer: it must be ONE CommonJS file that requires nothing
// but `electron`. package.json has "type": "module", so electron-vite would otherwise emit ESM.
export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      rollupOptions: {
        // The workers are entries of their own: the main process starts it from the file beside index.js.
        input: {
          index: resolve('src-main/electron/main.ts'),
          'decode-worker': resolve('src-main/soap/decode-worker.ts'),
          // The inbox export's worker, likewise (services/notes-export-run.ts starts it).
          'notes-export-worker': resolve('src-main/services/notes-export-worker.ts'),
          // The mirror's read worker (storage/mirror-reads.ts starts one per open mirror).
          'mirror-read-worker': resolve('src-main/storage/mirror-read-worker.ts'),
          // The search text fill of a mirror from before version 5 (storage/search-fill.ts starts it).
          'search-fill-worker': resolve('src-main/storage/search-fill-worker.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      rollupOptions: {
        input: { index: resolve('src-main/preload/index.ts') },
        external: ['electron'],
        output: {
          format: 'cjs',
          entryFileNames: '[name].cjs',
          inlineDynamicImports: true,
        },
      },
    },
  },
  renderer: {
    root: resolve('src-renderer'),
    plugins: [react()],
    build: {
      outDir: resolve('out/renderer'),
      rollupOptions: {
        input: { index: resolve('src-renderer/index.html') },
      },
    },
  },
});
