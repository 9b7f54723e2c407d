import type { ResourceRouteOptions } from '../../platform/resources';

/** The material assets' form starts a new asset of a bill from the bill (`/material-assets/new?billId=`). */
export const materialAssetScreenOptions: Record<string, ResourceRouteOptions> = {
  materialAssetResource: { form: () => import('./MaterialAssetPage').then((m) => m.MaterialAssetPage) },
};
