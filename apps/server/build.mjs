// Bundles the server into dist/main.js and its worker threads' entry into dist/worker.js (the pool finds it
// beside main.js): workspace packages (@tms/*) are compiled in, npm packages stay external and load from
// node_modules.
import { build } from 'esbuild';

await build({
  entryPoints: { main: 'src/main.ts', worker: 'src/worker.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'externals',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@tms/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
