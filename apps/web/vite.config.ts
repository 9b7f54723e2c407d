import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};

/** Budget of the shell's initial JavaScript (entry chunk and its static imports), gzipped. */
const INITIAL_JS_LIMIT = 250 * 1024;

/**
 * Prints the gzipped size of the JavaScript a browser must load before the first screen (the entry
 * script and every module index.html preloads, i.e. its static imports) and fails the build above the
 * budget. Measured on the final HTML so that chunks added late in bundling are counted too.
 */
function initialJsBudget(): Plugin {
  return {
    name: 'tms-initial-js-budget',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const html = bundle['index.html'];
        if (html?.type !== 'asset') return;
        const files = [...String(html.source).matchAll(/(?:src|href)="\/([^"]+\.js)"/g)].map(
          (m) => m[1] ?? '',
        );
        let raw = 0;
        let gzip = 0;
        for (const fileName of files) {
          const chunk = bundle[fileName];
          if (chunk?.type !== 'chunk') this.error(`initial script ${fileName} is not in the bundle`);
          raw += Buffer.byteLength(chunk.code);
          gzip += gzipSync(chunk.code, { level: 9 }).length;
        }
        const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
        const line = `initial JS: ${files.length} file(s), ${kb(raw)} raw, ${kb(gzip)} gzipped (limit ${kb(INITIAL_JS_LIMIT)})`;
        console.log(`\n${line}`);
        if (gzip > INITIAL_JS_LIMIT) this.error(`Initial JavaScript over budget: ${line}`);
      },
    },
  };
}

const server = 'http://127.0.0.1:3000';

export default defineConfig({
  root: path.dirname(new URL(import.meta.url).pathname),
  plugins: [react(), initialJsBudget()],
  define: { __APP_VERSION__: JSON.stringify(pkg.version) },
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1000 },
  server: {
    proxy: {
      '/api': { target: server, ws: true },
      '/logout': server,
      '/impersonate': server,
    },
  },
});
