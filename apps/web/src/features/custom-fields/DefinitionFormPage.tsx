import { Alert, Button, Grid, Group, Stack, Text } from '@mantine/core';
import { IconCheck, IconEye } from '@tabler/icons-react';
import { issuesToTree, type ValidationTree, validateCustomFieldValues } from '@tms/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateServerMessage } from '../../platform/i18n';
import { ERROR_LINE_BREAK } from '../../platform/kit/errorText';
import { FormRootError } from '../../platform/kit/FormRootError';
import { FormSection } from '../../platform/kit/FormSection';
import type { ResourceScreenProps } from '../../platform/resources';
import { CustomFieldInput } from '../../platform/widgets/custom-fields';
import { DefinitionEditor } from './DefinitionEditor';
import { bodyOfDraft, type DefinitionDraft, draftErrors, draftOf, previewDefinition } from './logic';
import { RecordScreen, useRecord } from './RecordScreen';

/** Errors of a tree that no input shows (root messages, members without an input). */
export function rootMessages(tree: ValidationTree | null): string[] {
  return tree ? tree.errors.map((m) => translateServerMessage(m)) : [];
}

/**
 * A customer request's custom field definition: every attribute and setting, with a preview that renders
 * the field with the real widget and checks a value against the definition's rules.
 */
export function DefinitionFormPage({ descriptor }: ResourceScreenProps) {
  const { record } = useRecord(descriptor);
  const [draft, setDraft] = useState<DefinitionDraft>(() => draftOf(record.data ?? null));
  const [errors, setErrors] = useState<ValidationTree | null>(null);
  useEffect(() => {
    if (record.data) setDraft(draftOf(record.data));
  }, [record.data]);

  return (
    <RecordScreen
      descriptor={descriptor}
      body={() => {
        const body = bodyOfDraft(draft);
        const local = draftErrors(body);
        setErrors(local);
        return local ? null : body;
      }}
      onErrors={setErrors}
      onLoaded={(saved) => saved && setDraft(draftOf(saved))}
    >
      {({ record: current, canWrite }) => (
        <Grid gap="md" align="flex-start">
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <Stack gap="md">
              {rootMessages(errors).length > 0 && (
                <FormRootError>{rootMessages(errors).join(ERROR_LINE_BREAK)}</FormRootError>
              )}
              <DefinitionEditor
                value={draft}
                onChange={setDraft}
                errors={errors ?? undefined}
                disabled={!canWrite}
                existing={current !== null}
              />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 5 }} style={{ position: 'sticky', top: 72 }}>
            <Preview draft={draft} />
          </Grid.Col>
        </Grid>
      )}
    </RecordScreen>
  );
}

/** The field as users see it, with the value checked by the same rules the server applies. */
function Preview({ draft }: { draft: DefinitionDraft }) {
  const { t } = useTranslation('customFields');
  const definition = previewDefinition(draft);
  const [value, setValue] = useState<unknown>(definition.defaultValue ?? null);
  const [checked, setChecked] = useState<{ tree: ValidationTree | null } | null>(null);
  const key = `${definition.type}-${definition.multiple}`;
  // A new type or multi-select mode starts from a clean value.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the shape of the value changes
  useEffect(() => {
    setValue(null);
    setChecked(null);
  }, [key]);

  const check = () => {
    const result = validateCustomFieldValues([{ ...definition, enabled: true }], {
      [definition.code]: value,
    });
    const tree = result.issues.length ? issuesToTree(result.issues as never) : null;
    setChecked({ tree });
  };
  const fieldTree = checked?.tree?.children[definition.code];

  return (
    <FormSection large title={t('sections.preview')} testId="definition-preview">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('preview.hint')}
        </Text>
        <CustomFieldInput
          key={key}
          definition={{ ...definition, enabled: true }}
          value={value}
          onChange={(next) => {
            setValue(next);
            setChecked(null);
          }}
          errors={fieldTree}
          testId="preview"
        />
        {checked && !checked.tree && (
          <Alert color="teal" icon={<IconCheck size={16} />} py="xs" data-testid="preview-valid">
            {t('preview.valid')}
          </Alert>
        )}
        <Group gap="sm">
          <Button
            variant="light"
            leftSection={<IconEye size={16} />}
            onClick={check}
            data-testid="preview-check"
          >
            {t('preview.check')}
          </Button>
          <Button
            variant="subtle"
            onClick={() => {
              setValue(null);
              setChecked(null);
            }}
          >
            {t('preview.reset')}
          </Button>
        </Group>
      </Stack>
    </FormSection>
  );
}
