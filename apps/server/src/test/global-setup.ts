import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { bundleServer } from './bundle';
import { buildTemplate, dropTemplate, type TemplateInfo } from './databases';

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplate: import('./databases').TemplateInfo;
    /** The worker threads' entry bundled once for the run (`workerEntry` of `buildApp`). */
    workerBundle: string;
  }
}

interface Shared {
  ready: Promise<{ template: TemplateInfo; workerBundle: string }>;
  users: number;
}
/**
 * Vitest runs a project's global set-up once per project, and a step runs two (`api` with `api-isolated`,
 * `security` with `security-isolated`): they share one template and one bundle, built by the first and
 * removed after the last (a template took 10-60 s to migrate and seed on a loaded two-core machine). Kept on
 * `globalThis`, as each project loads this file in a module graph of its own.
 */
const SHARED = Symbol.for('tms.test.global-setup');
const registry = globalThis as { [SHARED]?: Shared };

export default async function setup(project: TestProject) {
  let shared = registry[SHARED];
  if (!shared) {
    const dir = path.resolve(import.meta.dirname, '../../../../.tmp');
    mkdirSync(dir, { recursive: true });
    const workerBundle = path.join(dir, `worker-${process.pid}.mjs`);
    shared = {
      ready: (async () => {
        const template = await buildTemplate(path.join(dir, `template-${process.pid}.tar`));
        // The worker threads' entry: plain JavaScript, no tsx compiling the sources in every thread.
        await bundleServer({ worker: 'worker.ts' }, { outfile: workerBundle });
        return { template, workerBundle };
      })(),
      users: 0,
    };
    registry[SHARED] = shared;
  }
  shared.users++;
  const { template, workerBundle } = await shared.ready;
  project.provide('dbTemplate', template);
  project.provide('workerBundle', workerBundle);
  return async () => {
    const current = registry[SHARED];
    if (!current || --current.users > 0) return;
    delete registry[SHARED];
    await dropTemplate(template);
    rmSync(workerBundle, { force: true });
  };
}
