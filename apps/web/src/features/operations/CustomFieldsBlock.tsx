import { Grid, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { OperationCustomFieldGroup } from '@tms/domain';
import { type Control, Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { api } from '../../platform/api/client';
import { errorText } from '../../platform/kit/errorText';
import { LazySelect } from '../../platform/widgets';
import { CustomFieldsForm } from '../../platform/widgets/custom-fields';

type GroupValues = { customFieldGroupId: number | null; customFields: Record<string, unknown> };

/** The custom fields of an operation: the group chosen, then its fields. */
export function CustomFieldsBlock({
  control,
  disabled,
}: {
  control: Control<GroupValues>;
  disabled: boolean;
}) {
  const { t } = useTranslation('operations');
  const groupId = useWatch({ control, name: 'customFieldGroupId' });
  const group = useQuery({
    queryKey: ['operation-custom-field-group', groupId],
    queryFn: ({ signal }) =>
      api.get<OperationCustomFieldGroup>(`/custom-fields/operation/groups/${groupId}`, {
        signal,
        cache: true,
      }),
    enabled: groupId !== null,
  });
  return (
    <Stack gap="md">
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Controller
            name="customFieldGroupId"
            control={control}
            render={({ field, fieldState }) => (
              <LazySelect
                id="field-customFieldGroupId"
                label={t('customFields.group')}
                url="/custom-fields/operation/groups"
                labelField="name"
                value={field.value}
                onChange={(value) => field.onChange(value as number | null)}
                error={errorText(fieldState.error)}
                disabled={disabled}
              />
            )}
          />
        </Grid.Col>
      </Grid>
      {groupId !== null && group.data && (
        <CustomFieldsForm definitions={group.data.definitions} control={control} disabled={disabled} />
      )}
    </Stack>
  );
}
