/**
 * A Vite build step: writes a brotli (`.br`) and a gzip (`.gz`) copy beside each text file of the
 * console's build, at the highest levels (paid once per build, never per request). The gateway
 * sends the copy the browser accepts (`preCompressed` in gateway/routes/ui.ts) and the plain file
 * otherwise.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const TEXT = /\.(js|css|html|svg)$/;

export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'svc-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      for (const entry of readdirSync(outDir, { recursive: true, withFileTypes: true })) {
        if (!entry.isFile() || !TEXT.test(entry.name)) continue;
        const path = join(entry.parentPath, entry.name);
        const bytes = readFileSync(path);
        writeFileSync(
          `${path}.br`,
          brotliCompressSync(bytes, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            },
          }),
        );
        writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
      }
    },
  };
}
