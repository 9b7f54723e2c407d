import type { ComponentType } from 'react';
import type { AppRoute } from '../../app/routeMeta';
import { screen } from '../../platform/kit/screen';
import { type ResourceScreenProps, resourceRoutes } from '../../platform/resources';

type LazyScreen = () => Promise<ComponentType<ResourceScreenProps>>;
const descriptionPage: LazyScreen = () => import('./DescriptionPage').then((m) => m.DescriptionPage);

/**
 * Data import (spec §2): descriptions at `/data-import/descriptions` (the list, `/new` and `/{id}` with the
 * mapping editor and the import of a file); the import into one record at `/data-import/initiator/{type}/{id}`.
 */
export const dataImportRoutes: AppRoute[] = [
  ...resourceRoutes('/data-import/descriptions', (domain) => domain.dataImportDescriptionResource, {
    form: descriptionPage,
  }),
  screen(
    'data-import/initiator/:initiatorType/:initiatorId',
    'dataImport:initiator.title',
    () => import('./InitiatorPage').then((m) => m.InitiatorPage),
    ['dataImport', 'imports'],
  ),
];
