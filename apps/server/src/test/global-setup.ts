import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildTemplate, dropTemplate } from './databases';

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplate: import('./databases').TemplateInfo;
  }
}

export default async function setup(project: TestProject) {
  const dir = path.resolve(import.meta.dirname, '../../../../.tmp');
  mkdirSync(dir, { recursive: true });
  const template = await buildTemplate(path.join(dir, `template-${process.pid}.tar`));
  project.provide('dbTemplate', template);
  return async () => {
    await dropTemplate(template);
  };
}
