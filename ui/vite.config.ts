// Builds the console (ui/) into dist/ui, which the gateway serves at /ui (gateway/routes/ui.ts).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import preact from '@preact/preset-vite';
import { precompress } from './precompress.js';

const here = (p: string): string => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  root: here('.'),
  base: '/ui/',
  plugins: [preact({ prefreshEnabled: false, devToolsEnabled: false }), precompress()],
  build: {
    outDir: here('../dist/ui'),
    emptyOutDir: true,
    assetsDir: 'assets',
    // Everything is served by the gateway under a strict CSP: no inlined data: scripts or styles.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    sourcemap: false,
    target: 'es2022',
    reportCompressedSize: false,
  },
});
