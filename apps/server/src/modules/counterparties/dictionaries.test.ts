import { agreementTypeResource, counterpartyFeatureResource, counterpartyStatusResource } from '@tms/domain';
import { fileTestApp } from '../../test/harness';
import { describeResource } from '../../test/resource-suite';

const app = fileTestApp();

let seq = 0;
const next = () => ++seq;

describeResource({
  app,
  descriptor: agreementTypeResource,
  validCreate: () => {
    const n = next();
    return {
      code: `forwarding-${n}`,
      name: `Транспортная экспедиция ${n}`,
      nameEn: `Freight forwarding ${n}`,
    };
  },
  update: { name: 'Договор транспортной экспедиции' },
  invalidCreate: { body: { name: 'x' }, errorPaths: ['code'] },
  unique: ['code'],
  search: 'экспедиция',
});

describeResource({
  app,
  descriptor: counterpartyStatusResource,
  validCreate: () => {
    const n = next();
    return { code: `active-${n}`, name: `Активный ${n}`, nameEn: `Active ${n}` };
  },
  update: { name: 'Действующий клиент', nameEn: null },
  invalidCreate: { body: { code: 'a b', name: '' }, errorPaths: ['code', 'name'] },
  unique: ['code'],
  search: 'Активный',
});

describeResource({
  app,
  descriptor: counterpartyFeatureResource,
  validCreate: () => {
    const n = next();
    return { code: `adr-${n}`, name: `Опасные грузы (ADR) ${n}`, nameEn: `Dangerous goods (ADR) ${n}` };
  },
  update: { name: 'Опасные грузы' },
  invalidCreate: { body: { code: '', name: 'x'.repeat(256) }, errorPaths: ['code', 'name'] },
  unique: ['code'],
  search: 'Опасные',
});
