// Bundles the server into dist/main.js: workspace packages (@tms/*) are compiled in, npm packages stay
// external and load from node_modules.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
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
