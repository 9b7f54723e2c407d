import { printableBillTemplateResource } from '@tms/domain';
import { describeResource } from '../../test/resource-suite';

let seq = 0;

describeResource({
  descriptor: printableBillTemplateResource,
  validCreate: () => ({
    name: `Счёт ООО ТрансЛогистик ${++seq}`,
    language: 'ru',
    heading: 'Счёт на оплату',
    terms: 'Оплата данного счёта означает согласие с условиями оказания услуг.',
    directorName: 'Петров П. П.',
    accountantName: 'Сидорова А. В.',
  }),
  update: { language: 'en', heading: 'Invoice', directorName: 'P. Petrov' },
  invalidCreate: { body: { name: '', language: 'de' }, errorPaths: ['name', 'language'] },
  unique: ['name'],
  search: 'ТрансЛогистик',
});
