import { pgTable, uniqueIndex } from 'drizzle-orm/pg-core';
import { entityColumns } from '../../platform/columns';
import { dictionaryColumns, listIndexes } from '../../platform/resources/indexes';

/** Kinds of offers on customer requests. */
export const requestOfferTypes = pgTable(
  'request_offer_types',
  {
    ...entityColumns(),
    ...dictionaryColumns(),
  },
  (t) => [
    uniqueIndex('request_offer_types_code_uq').on(t.code),
    ...listIndexes('request_offer_types', t, {
      sortable: [t.name, t.nameEn, t.updatedAt],
      searchText: t.searchText,
    }),
  ],
);
