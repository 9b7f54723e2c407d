import { requestOfferTypeResource } from '@tms/domain';
import { describeResource } from '../../test/resource-suite';

let seq = 0;
const next = () => ++seq;

describeResource({
  descriptor: requestOfferTypeResource,
  validCreate: () => {
    const n = next();
    return { code: `door-to-door-${n}`, name: `От двери до двери ${n}`, nameEn: `Door to door ${n}` };
  },
  update: { name: 'Дверь — дверь' },
  invalidCreate: { body: { code: 'дверь', name: '' }, errorPaths: ['code', 'name'] },
  unique: ['code'],
  search: 'door-to',
});
