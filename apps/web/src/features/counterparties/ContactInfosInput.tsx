import { ActionIcon, Button, Group, Input, Stack, TextInput, VisuallyHidden } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { ContactInfo } from '@tms/domain';
import { useTranslation } from 'react-i18next';
import type { FieldWidgetProps } from '../../platform/resources/widgets';
import { LazySelect } from '../../platform/widgets';

type Draft = { typeId: number | null; value: string };

/** A contact's details of the configured types (`/settings/contact-info-types`): one row per detail. */
export function ContactInfosInput({ value, onChange, onBlur, label, error, disabled }: FieldWidgetProps) {
  const { t } = useTranslation('counterparties');
  const rows: Draft[] = Array.isArray(value) ? (value as ContactInfo[]) : [];
  const change = (index: number, next: Partial<Draft>) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, ...next } : row)));
  return (
    <Input.Wrapper label={label} error={error} id="field-contactInfos">
      <Stack gap="xs" mt={4}>
        {rows.map((row, index) => (
          // Rows have no identity of their own; their position is what the body sends.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <Group key={index} gap="xs" wrap="nowrap" align="flex-start" data-testid="contact-info-row">
            <div style={{ flex: 1, minWidth: 0 }}>
              {/* Named for assistive technology only: the column's meaning is plain from the values. */}
              <VisuallyHidden>
                <label htmlFor={`contact-info-type-${index}`}>{t('contactInfos.type')}</label>
              </VisuallyHidden>
              <LazySelect
                id={`contact-info-type-${index}`}
                placeholder={t('contactInfos.type')}
                url="/settings/contact-info-types"
                toggle
                value={row.typeId}
                onChange={(typeId) => change(index, { typeId: typeId === null ? null : Number(typeId) })}
                disabled={disabled}
              />
            </div>
            <TextInput
              style={{ flex: 1, minWidth: 0 }}
              aria-label={t('contactInfos.value')}
              placeholder={t('contactInfos.value')}
              value={row.value}
              onChange={(e) => change(index, { value: e.currentTarget.value })}
              onBlur={onBlur}
              disabled={disabled}
            />
            {!disabled && (
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                aria-label={t('contactInfos.remove')}
                onClick={() => onChange(rows.filter((_, i) => i !== index))}
              >
                <IconTrash size={16} />
              </ActionIcon>
            )}
          </Group>
        ))}
        {!disabled && (
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconPlus size={14} />}
            w="fit-content"
            onClick={() => onChange([...rows, { typeId: null, value: '' }])}
          >
            {t('contactInfos.add')}
          </Button>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
