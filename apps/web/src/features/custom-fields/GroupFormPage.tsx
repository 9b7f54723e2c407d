import { Grid, Stack, Text, TextInput } from '@mantine/core';
import {
  addToTree,
  codeIssues,
  emptyTree,
  issuesToTree,
  operationCustomFieldGroupCreateSchema,
  type ValidationTree,
} from '@tms/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateServerMessage } from '../../platform/i18n';
import { FormRootError } from '../../platform/kit/FormRootError';
import { FormSection } from '../../platform/kit/FormSection';
import type { ResourceScreenProps } from '../../platform/resources';
import { FieldGrid } from '../../platform/widgets/custom-fields';
import { DefinitionList } from './DefinitionEditor';
import { rootMessages } from './DefinitionFormPage';
import { bodyOfDraft, type DefinitionDraft, previewDefinition } from './logic';
import { RecordScreen, useRecord } from './RecordScreen';

interface GroupDraft {
  name: string;
  definitions: DefinitionDraft[];
}

const draftOfGroup = (record: Record<string, unknown> | null | undefined): GroupDraft => ({
  name: String(record?.name ?? ''),
  definitions: (record?.definitions as DefinitionDraft[] | undefined) ?? [],
});

/** An operation group: its name and its definitions, with the group's form previewed as users see it. */
export function GroupFormPage({ descriptor }: ResourceScreenProps) {
  const { t } = useTranslation('customFields');
  const { record } = useRecord(descriptor);
  const [draft, setDraft] = useState<GroupDraft>(() => draftOfGroup(record.data));
  const [errors, setErrors] = useState<ValidationTree | null>(null);
  const [values, setValues] = useState<Record<string, unknown>>({});
  useEffect(() => {
    if (record.data) setDraft(draftOfGroup(record.data));
  }, [record.data]);

  const body = () => {
    const payload = { name: draft.name.trim(), definitions: draft.definitions.map((d) => bodyOfDraft(d)) };
    const parsed = operationCustomFieldGroupCreateSchema.safeParse(payload);
    const tree = parsed.success ? emptyTree() : issuesToTree(parsed.error.issues);
    for (const issue of codeIssues(payload.definitions as { code: string }[], ['definitions'])) {
      addToTree(tree, issue.path, issue.message);
    }
    const failed = tree.errors.length > 0 || Object.keys(tree.children).length > 0;
    setErrors(failed ? tree : null);
    return failed ? null : payload;
  };
  const nameError = errors?.children.name?.errors.map((m) => translateServerMessage(m)).join(' ');
  const definitionsTree = errors?.children.definitions;

  return (
    <RecordScreen
      descriptor={descriptor}
      body={body}
      onErrors={setErrors}
      onLoaded={(saved) => saved && setDraft(draftOfGroup(saved))}
    >
      {({ canWrite, texts }) => (
        <Grid gap="md" align="flex-start">
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <Stack gap="md">
              {rootMessages(errors).length > 0 && (
                <FormRootError>{rootMessages(errors).join(' ')}</FormRootError>
              )}
              <FormSection large title={texts.itemTitle}>
                <TextInput
                  label={t('fields.groupName')}
                  required
                  disabled={!canWrite}
                  value={draft.name}
                  onChange={(e) => {
                    const name = e.currentTarget.value;
                    setDraft((current) => ({ ...current, name }));
                  }}
                  error={nameError}
                  data-testid="group-name"
                />
              </FormSection>
              <FormSection large title={t('fields.definitions')}>
                {definitionsTree?.errors.length ? (
                  <Text size="sm" c="red" mb="sm">
                    {definitionsTree.errors.map((m) => translateServerMessage(m)).join(' ')}
                  </Text>
                ) : null}
                <DefinitionList
                  value={draft.definitions}
                  onChange={(definitions) => setDraft((current) => ({ ...current, definitions }))}
                  errors={definitionsTree}
                  disabled={!canWrite}
                  addLabel={t('editor.addDefinition')}
                  testId="group-def"
                />
              </FormSection>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 5 }} style={{ position: 'sticky', top: 72 }}>
            <FormSection large title={t('sections.preview')} testId="group-preview">
              <Text size="sm" c="dimmed" mb="md">
                {t('preview.groupHint')}
              </Text>
              <FieldGrid
                definitions={draft.definitions.map((d) => previewDefinition(d))}
                values={values}
                onChange={setValues}
                columns={1}
                testId="group-preview"
              />
            </FormSection>
          </Grid.Col>
        </Grid>
      )}
    </RecordScreen>
  );
}
