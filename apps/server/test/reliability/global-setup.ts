import { rmSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { bundleServer } from '../../src/test/bundle';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder of the server processes' entries, bundled once for the run (`startServerProcess`). */
    serverBundle: string;
  }
}

/**
 * The server processes the suite starts and kills run from a bundle made once, as production runs
 * `dist/main.js`: each start compiled the sources with tsx (about 8 s of CPU, over a minute on a loaded
 * two-core machine). In `apps/server/.tmp/`, at the depth of `dist/`, so the bundle finds the migrations and
 * the locale files as `dist/main.js` does; the worker threads' entry beside it, as in `dist/`.
 */
export default async function setup(project: TestProject) {
  const outdir = path.resolve(import.meta.dirname, '../../.tmp', `reliability-${process.pid}`);
  await bundleServer(
    { main: 'main.ts', 'event-instance': '../test/reliability/event-instance.ts', worker: 'worker.ts' },
    { outdir },
  );
  project.provide('serverBundle', outdir);
  return () => rmSync(outdir, { recursive: true, force: true });
}
