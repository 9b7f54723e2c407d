import { Stack, Text } from '@mantine/core';
import { ASSIGNMENT_RULE_PATHS, type AssignmentKind } from '@tms/domain';
import { useTranslation } from 'react-i18next';
import { useSystemData } from '../../platform/auth/system';
import type { ResourceScreenProps } from '../../platform/resources';
import { accessOf, type Row } from '../../platform/resources/logic';
import { ResourceList } from '../../platform/resources/ResourceList';
import { AssignmentPreview } from './AssignmentPreview';
import { MoveButtons } from './MoveButtons';

/**
 * A kind's auto-assignment rules in the order they are asked (the list's default sort), each movable one
 * place up or down, and the "who would get this" preview under them.
 */
export function RulesScreen({ descriptor, options }: ResourceScreenProps) {
  const { t } = useTranslation('assignment');
  const system = useSystemData();
  const kind: AssignmentKind = descriptor.path === ASSIGNMENT_RULE_PATHS.customs ? 'customs' : 'forwarder';
  const editable = accessOf(descriptor, system.roles).edit;
  const cells = {
    position: (row: Row) => <MoveButtons descriptor={descriptor} row={row} editable={editable} />,
  };
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed" maw={900}>
        {t(`${kind}.intro`)}
      </Text>
      <ResourceList descriptor={descriptor} options={{ ...options, cells, oneLine: true }} />
      <AssignmentPreview kind={kind} path={descriptor.path} />
    </Stack>
  );
}
