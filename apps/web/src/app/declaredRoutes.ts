import type * as Domain from '@tms/domain';
import type { ResourceDescriptor } from '@tms/domain';
import { DECLARED_SCREENS, type DeclaredScreen } from '@tms/domain/screens';
import { resourceRoutes } from '../platform/resources';
import type { AppRoute } from './routeMeta';

/**
 * The screens of every declared resource (`packages/domain/src/screens.ts`): list, `/new` and `/{id}` at its
 * path, the descriptor loaded with the screen. A resource with its own screens keeps a line in its feature's
 * routes instead.
 */
const screens: Record<string, DeclaredScreen> = DECLARED_SCREENS;

export const declaredRoutes: AppRoute[] = Object.entries(screens).flatMap(([resource, screen]) =>
  resourceRoutes(
    screen.path,
    (domain) => domain[resource as keyof typeof Domain] as unknown as ResourceDescriptor,
    screen.newPath ? { newPath: screen.newPath } : {},
  ),
);
