import type * as Domain from '@tms/domain';
import type { ResourceDescriptor } from '@tms/domain';
import { DECLARED_SCREENS, type DeclaredScreen } from '@tms/domain/screens';
import { currencyRateScreenOptions } from '../features/finance/currencyRateScreens';
import { materialAssetScreenOptions } from '../features/finance/materialAssetScreens';
import { shipmentTemplateScreenOptions } from '../features/shipment-documents/screens';
import { warehouseScreenOptions } from '../features/warehouse/screenOptions';
import type { ResourceRouteOptions } from '../platform/resources';
import { resourceRoutes } from '../platform/resources';
import type { AppRoute } from './routeMeta';

/** Options of declared screens that a feature adds to the generic ones (an import in the list's toolbar). */
const featureOptions: Record<string, ResourceRouteOptions> = {
  ...currencyRateScreenOptions,
  ...materialAssetScreenOptions,
  ...warehouseScreenOptions,
  ...shipmentTemplateScreenOptions,
};

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
    { ...(screen.newPath ? { newPath: screen.newPath } : {}), ...featureOptions[resource] },
  ),
);
