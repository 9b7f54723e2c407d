import { Anchor } from '@mantine/core';
import type { Money } from '@tms/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney, padId } from '../../platform/format';
import type { ResourceScreenProps } from '../../platform/resources';
import type { Row } from '../../platform/resources/logic';
import { ResourceForm } from '../../platform/resources/ResourceForm';
import { ResourceList } from '../../platform/resources/ResourceList';
import { AmountsText, AmountsWidget } from './OfferAmounts';

const amountsCell = (row: Row) => <AmountsText amounts={row.amounts as Money[]} />;

const offerCells = {
  requestId: (row: Row) => (
    <Anchor
      component={Link}
      to={`/requests/${row.requestId}`}
      size="sm"
      fw={500}
      onClick={(event) => event.stopPropagation()}
    >
      {padId(row.requestId as number)}
    </Anchor>
  ),
  amounts: amountsCell,
  amountInBaseCurrency: (row: Row) => <BaseAmount row={row} />,
};

/** The amount in base currency with its currency sign. */
function BaseAmount({ row }: { row: Row }) {
  const { i18n } = useTranslation();
  return row.amountInBaseCurrency
    ? formatMoney(row.amountInBaseCurrency as string, row.baseCurrency as string, i18n.language)
    : null;
}

/** `/request-offers`: the engine's list; a row's request number opens the request, where offers are written. */
export function OfferList({ descriptor, options }: ResourceScreenProps) {
  return <ResourceList descriptor={descriptor} options={{ ...options, cells: offerCells, oneLine: true }} />;
}

const templateFields = { amounts: AmountsWidget };

/** The offer templates' list (and its create dialog) with the amounts' editor and cell. */
export function OfferTemplateList({ descriptor, options }: ResourceScreenProps) {
  return (
    <ResourceList
      descriptor={descriptor}
      options={{ ...options, fields: templateFields, cells: { amounts: amountsCell } }}
    />
  );
}

/** One offer template's form with the amounts' editor. */
export function OfferTemplateForm({ descriptor, options }: ResourceScreenProps) {
  return <ResourceForm descriptor={descriptor} options={{ ...options, fields: templateFields }} />;
}
