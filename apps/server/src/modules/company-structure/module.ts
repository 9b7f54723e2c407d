import type { ChangeLogRule } from '../../platform/changelog/visibility';
import { defineModule } from '../../platform/modules';
import { hasAnyRole } from '../../platform/permissions/check';
import routes from './routes';
import { STRUCTURE_SETTINGS_ENTITY } from './settings';
import { structureSubordinates } from './subordinates';

/** The settings' changes show in the change log to whoever may read the structure. */
const settingsChangeLogAccess: ChangeLogRule = (auth) =>
  hasAnyRole(auth, ['ROLE_COMPANY_STRUCTURE_VIEW', 'ROLE_COMPANY_STRUCTURE_EDIT']);

/** What the module adds to the app (ARCHITECTURE.md "Layout"); only app.ts imports it. */
export const companyStructureModule = defineModule({
  name: 'company-structure',
  routes,
  changeLog: { [STRUCTURE_SETTINGS_ENTITY]: settingsChangeLogAccess },
  contributes: { subordinates: { structure: structureSubordinates } },
});
