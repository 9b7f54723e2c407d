import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import type { TestProject } from 'vitest/node';
import { buildTemplate, dropTemplate } from './databases';

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplate: import('./databases').TemplateInfo;
    /** The worker threads' entry bundled once for the run (`workerEntry` of `buildApp`). */
    workerBundle: string;
  }
}

/**
 * `src/worker.ts` bundled as `build.mjs` bundles it (workspace packages in, npm packages external): a test
 * app's threads start from it in well under a second, where compiling the sources with tsx in every thread
 * of every test file took seconds each on a busy two-core machine.
 */
async function bundleWorker(outfile: string): Promise<void> {
  await build({
    entryPoints: [path.resolve(import.meta.dirname, '../worker.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
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
}

export default async function setup(project: TestProject) {
  const dir = path.resolve(import.meta.dirname, '../../../../.tmp');
  mkdirSync(dir, { recursive: true });
  const template = await buildTemplate(path.join(dir, `template-${process.pid}.tar`));
  project.provide('dbTemplate', template);
  const workerBundle = path.join(dir, `worker-${process.pid}.mjs`);
  await bundleWorker(workerBundle);
  project.provide('workerBundle', workerBundle);
  return async () => {
    await dropTemplate(template);
    rmSync(workerBundle, { force: true });
  };
}
