import {
  jobTypeResource,
  PRODUCT_IN_USE,
  productResource,
  SERVICE_IN_USE,
  serviceResource,
} from '@tms/domain';
import { describeResource } from '../../test/resource-suite';
import { jobTypes, products, services } from './tables';

let seq = 0;
const next = () => ++seq;

describeResource({
  descriptor: serviceResource,
  validCreate: () => {
    const n = next();
    return {
      code: `ftl-${n}`,
      name: `Автоперевозка FTL ${n}`,
      nameEn: `FTL road freight ${n}`,
      transportType: 'auto',
    };
  },
  update: { transportType: null, nameEn: 'Full truck load' },
  invalidCreate: {
    body: { code: 'ftl x', name: 'FTL', transportType: 'ship' },
    errorPaths: ['code', 'transportType'],
  },
  unique: ['code'],
  inUse: async ({ database }, id) => {
    await database.db
      .insert(products)
      .values({ code: `uses-service-${id}`, name: 'Продукт', serviceIds: [id] });
  },
  inUseMessage: SERVICE_IN_USE,
  search: 'FTL road',
});

describeResource({
  descriptor: productResource,
  validCreate: async ({ database }) => {
    const n = next();
    const [service] = await database.db
      .insert(services)
      .values({ code: `svc-for-product-${n}`, name: `Услуга ${n}` })
      .returning({ id: services.id });
    return {
      code: `eu-ru-${n}`,
      name: `Европа — Россия FTL ${n}`,
      nameEn: `Europe – Russia FTL ${n}`,
      serviceIds: [service!.id],
      maxDispatchPoints: 3,
      maxDeliveryPoints: 2,
    };
  },
  update: { maxDispatchPoints: 5, serviceIds: [] },
  invalidCreate: {
    // Unknown services are refused by the product's hook, after the schema has passed.
    body: { code: 'p', name: 'P', serviceIds: [2_000_000_000, 2_000_000_001], maxDispatchPoints: 1 },
    errorPaths: ['serviceIds.0', 'serviceIds.1'],
  },
  unique: ['code'],
  inUse: async ({ database }, id) => {
    await database.db
      .insert(jobTypes)
      .values({ code: `uses-product-${id}`, name: 'Тип работ', productIds: [id] });
  },
  inUseMessage: PRODUCT_IN_USE,
  search: 'Европа — Россия',
});

describeResource({
  descriptor: jobTypeResource,
  validCreate: async ({ database }) => {
    const n = next();
    const [product] = await database.db
      .insert(products)
      .values({ code: `product-for-job-type-${n}`, name: `Продукт ${n}` })
      .returning({ id: products.id });
    return {
      code: `carriage-${n}`,
      name: `Перевозка ${n}`,
      nameEn: `Carriage ${n}`,
      productIds: [product!.id],
    };
  },
  update: { name: 'Международная перевозка', productIds: [] },
  invalidCreate: { body: { code: 'c', name: 'C', productIds: [1, -2] }, errorPaths: ['productIds.1'] },
  unique: ['code'],
  search: 'Carriage',
});
