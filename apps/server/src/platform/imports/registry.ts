import { IMPORT_MESSAGES } from '@tms/domain';
import { HttpError } from '../errors';
import type { Registries } from '../modules';
import type { AnyImport } from './pipeline';

declare module '../modules' {
  interface ModuleContributions {
    /** The module's imports by name (`defineImport`): previewed, applied and run as jobs by the pipeline. */
    imports: AnyImport;
  }
}

/** The app's import of that name, as a module contributed it; 404 when none did. */
export function importOf(registries: Registries, name: string): AnyImport {
  for (const definition of registries.contributions('imports').values()) {
    if (definition.name === name) return definition;
  }
  throw new HttpError(404, IMPORT_MESSAGES.unknownImport);
}
