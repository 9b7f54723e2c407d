import { useTranslation } from 'react-i18next';
import { DateInput, LazySelect } from '../../platform/widgets';

const idOf = (id: string | number | null) => (id === null ? null : Number(id));

interface FieldProps<V> {
  value: V;
  onChange: (value: V) => void;
  error?: string;
}

/** The offer type, from the request offer types. */
export function OfferTypeSelect({ value, onChange, error, id }: FieldProps<number | null> & { id: string }) {
  const { t } = useTranslation('offers');
  return (
    <LazySelect
      url="/settings/request-offer-types"
      label={t('fields.offerTypeId')}
      required
      value={value}
      onChange={(chosen) => onChange(idOf(chosen))}
      error={error}
      id={id}
    />
  );
}

/** The contractor asked: any contractor, by name only (`/request-offers/contractors`). */
export function OfferContractorSelect({
  value,
  onChange,
  error,
  id,
}: FieldProps<number | null> & { id: string }) {
  const { t } = useTranslation('offers');
  return (
    <LazySelect
      url="/request-offers/contractors"
      label={t('fields.contractorId')}
      required
      value={value}
      onChange={(chosen) => onChange(idOf(chosen))}
      error={error}
      id={id}
    />
  );
}

/** Valid until; a new offer's hint says how far it may be extended. */
export function OfferValidUntil({
  value,
  onChange,
  error,
  hint = true,
  testId,
}: FieldProps<string | null> & { hint?: boolean; testId?: string }) {
  const { t } = useTranslation('offers');
  return (
    <DateInput
      label={t('fields.validUntil')}
      description={hint ? t('dialog.validityHint') : undefined}
      value={value}
      onChange={onChange}
      error={error}
      data-testid={testId}
    />
  );
}
