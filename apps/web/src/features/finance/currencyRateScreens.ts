import type { ResourceRouteOptions } from '../../platform/resources';

/** The currency rates' list is the generic one with the imports in its toolbar (loaded with the screen). */
export const currencyRateScreenOptions: Record<string, ResourceRouteOptions> = {
  currencyRateResource: { list: () => import('./CurrencyRateList').then((m) => m.CurrencyRateList) },
};
