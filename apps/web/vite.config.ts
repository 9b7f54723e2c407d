import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
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

/** Smaller files gain less from compression than the headers it adds. */
const COMPRESS_FROM_BYTES = 1024;

/**
 * Writes a Brotli (`.br`) and a gzip (`.gz`) copy beside every script, style sheet and page of the build,
 * compressed once at their best levels: the server sends the one the browser accepts (`preCompressed` of
 * @fastify/static) instead of compressing on every request or sending the raw files (the shell's JavaScript
 * is 3.3 times smaller as Brotli).
 */
function precompressed(): Plugin {
  let outDir = '';
  return {
    name: 'tms-precompressed',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (!/\.(js|css|html|svg|json)$/.test(file.fileName)) continue;
        const content = file.type === 'chunk' ? file.code : file.source;
        const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : Buffer.from(content);
        if (bytes.length < COMPRESS_FROM_BYTES) continue;
        const target = path.join(outDir, file.fileName);
        writeFileSync(
          `${target}.br`,
          brotliCompressSync(bytes, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            },
          }),
        );
        writeFileSync(`${target}.gz`, gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

const server = 'http://127.0.0.1:3000';

export default defineConfig({
  root: path.dirname(new URL(import.meta.url).pathname),
  plugins: [react(), initialJsBudget(), precompressed()],
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
