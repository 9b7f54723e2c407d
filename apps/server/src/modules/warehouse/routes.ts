import { warehouseServiceResource } from '@tms/domain';
import type { App } from '../../platform/http/types';
import { registerResource } from '../../platform/resources';
import { warehouseServices } from './tables';

/** The warehouse: its price list of services (events, accounting and warehouses come later). */
export default async function warehouseModule(app: App): Promise<void> {
  registerResource(app, warehouseServiceResource, warehouseServices);
}
