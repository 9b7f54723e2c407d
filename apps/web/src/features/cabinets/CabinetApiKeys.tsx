import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Code,
  CopyButton,
  Group,
  Modal,
  Paper,
  Stack,
  Table,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy, IconKey, IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CABINET_ROLE_LABELS,
  type CabinetApiKey,
  type CabinetApiKeyCreate,
  type CabinetApiKeyIssued,
  type CabinetRole,
  type ValidationTree,
} from '@tms/domain';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../platform/format';
import { translateServerMessage } from '../../platform/i18n';
import { joinErrorLines } from '../../platform/kit/errorText';
import { HoldToConfirm } from '../../platform/widgets';
import { fieldErrorsOf } from '../../platform/widgets/fieldErrors';

/** Where a user's keys are read, issued and revoked: the back office's door, his cabinet's or his own. */
export interface ApiKeyDoors {
  list(): Promise<CabinetApiKey[]>;
  issue(body: CabinetApiKeyCreate): Promise<CabinetApiKeyIssued>;
  revoke(id: number): Promise<void>;
}

/** The messages of a refused call, by field (`roles`, `allowedIps`, `name`; the rest under `root`). */
function refusal(error: unknown): Record<string, string[]> {
  const e = error as { status?: number; errors?: ValidationTree; message?: string } | null;
  if (!e) return {};
  if (e.status === 400 && e.errors) return fieldErrorsOf(e.errors);
  return { root: [e.message ?? 'Error'] };
}

const messagesUnder = (errors: Record<string, string[]>, name: string) =>
  joinErrorLines(
    Object.entries(errors)
      .filter(([path]) => path === name || path.startsWith(`${name}.`))
      .flatMap(([, messages]) => messages.map((m) => translateServerMessage(m))),
  ) || undefined;

/** One role's label in the reader's language. */
export function useCabinetRoleLabel() {
  const { i18n } = useTranslation();
  const lang = i18n.language.startsWith('en') ? 'en' : 'ru';
  return (role: CabinetRole) => CABINET_ROLE_LABELS[role][lang];
}

/**
 * A cabinet user's API keys (docs/cabinets.md "API keys of cabinet users"): listed with their roles,
 * addresses and last use, revoked by holding the button; a new one is given a name, roles of the user's
 * and the addresses it is accepted from, and shown once.
 */
export function CabinetApiKeys({
  doors,
  queryKey,
  roles,
  canEdit,
  testId = 'api-keys',
}: {
  doors: ApiKeyDoors;
  queryKey: readonly unknown[];
  /** The roles a key may be given: the user's own. */
  roles: readonly CabinetRole[];
  canEdit: boolean;
  testId?: string;
}) {
  const { t } = useTranslation('cabinets');
  const client = useQueryClient();
  const roleLabel = useCabinetRoleLabel();
  const [creating, setCreating] = useState(false);
  const [issued, setIssued] = useState<string | null>(null);
  const keys = useQuery({ queryKey, queryFn: () => doors.list() });
  const revoke = useMutation({
    mutationFn: (id: number) => doors.revoke(id),
    onSettled: () => client.invalidateQueries({ queryKey }),
  });
  const rows = keys.data ?? [];

  return (
    <Stack gap="sm" data-testid={testId}>
      <Group justify="space-between" align="flex-start">
        <Text size="sm" c="dimmed" maw={720}>
          {t('apiKeys.hint')}
        </Text>
        {canEdit && (
          <Button
            size="xs"
            leftSection={<IconPlus size={16} />}
            onClick={() => setCreating(true)}
            disabled={roles.length === 0}
            data-testid="api-key-new"
          >
            {t('apiKeys.new')}
          </Button>
        )}
      </Group>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {keys.isLoading ? t('pcc.loading') : t('apiKeys.none')}
        </Text>
      ) : (
        <Paper withBorder style={{ overflowX: 'auto' }}>
          <Table striped verticalSpacing="xs" miw={760}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('apiKeys.name')}</Table.Th>
                <Table.Th>{t('apiKeys.roles')}</Table.Th>
                <Table.Th>{t('apiKeys.allowedIps')}</Table.Th>
                <Table.Th>{t('apiKeys.created')}</Table.Th>
                <Table.Th>{t('apiKeys.lastUsed')}</Table.Th>
                {canEdit && <Table.Th />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((key) => (
                <Table.Tr key={key.id} data-testid={`api-key-${key.id}`}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {key.name}
                    </Text>
                    <Code>{key.prefix}…</Code>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {key.roles.map((role) => (
                        <Badge key={role} variant="light" tt="none" size="sm">
                          {roleLabel(role)}
                        </Badge>
                      ))}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {key.allowedIps.length ? key.allowedIps.join(', ') : t('apiKeys.anyAddress')}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{formatDateTime(key.createdAt)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {key.lastUsedAt
                        ? t('apiKeys.usedFrom', {
                            date: formatDateTime(key.lastUsedAt),
                            ip: key.lastUsedIp ?? '',
                          })
                        : t('apiKeys.never')}
                    </Text>
                  </Table.Td>
                  {canEdit && (
                    <Table.Td>
                      <HoldToConfirm
                        size="compact-sm"
                        variant="light"
                        color="red.9"
                        onConfirm={() => revoke.mutate(key.id)}
                        loading={revoke.isPending && revoke.variables === key.id}
                        data-testid={`api-key-revoke-${key.id}`}
                      >
                        {t('apiKeys.revoke')}
                      </HoldToConfirm>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
      {revoke.isError && (
        <Alert color="red" role="alert">
          {messagesUnder(refusal(revoke.error), 'root')}
        </Alert>
      )}
      <NewKeyModal
        opened={creating}
        roles={roles}
        doors={doors}
        onClose={() => setCreating(false)}
        onIssued={async (apiKey) => {
          setCreating(false);
          setIssued(apiKey);
          await client.invalidateQueries({ queryKey });
        }}
      />
      <Modal
        opened={issued !== null}
        onClose={() => setIssued(null)}
        title={t('apiKeys.shownOnceTitle')}
        size="lg"
        centered
      >
        <Stack>
          <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />}>
            {t('apiKeys.shownOnce')}
          </Alert>
          <Group gap="xs" wrap="nowrap">
            <Code block style={{ flex: 1, wordBreak: 'break-all' }} data-testid="api-key-value">
              {issued}
            </Code>
            <CopyButton value={issued ?? ''}>
              {({ copied, copy }) => (
                <Button
                  variant="light"
                  onClick={copy}
                  leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                >
                  {copied ? t('apiKeys.copied') : t('apiKeys.copy')}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Text size="sm" c="dimmed">
            {t('apiKeys.usage')}
          </Text>
          <Group justify="flex-end">
            <Button onClick={() => setIssued(null)} data-testid="api-key-done">
              {t('apiKeys.done')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

function NewKeyModal({
  opened,
  roles,
  doors,
  onClose,
  onIssued,
}: {
  opened: boolean;
  roles: readonly CabinetRole[];
  doors: ApiKeyDoors;
  onClose: () => void;
  onIssued: (apiKey: string) => Promise<void>;
}) {
  const { t } = useTranslation('cabinets');
  const roleLabel = useCabinetRoleLabel();
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [ips, setIps] = useState<string[]>([]);
  const issue = useMutation({
    mutationFn: () => doors.issue({ name, roles: chosen as CabinetRole[], allowedIps: ips }),
    onSuccess: async ({ apiKey }) => {
      setName('');
      setChosen([]);
      setIps([]);
      await onIssued(apiKey);
    },
  });
  const errors = issue.isError ? refusal(issue.error) : {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    issue.mutate();
  };
  return (
    <Modal
      opened={opened}
      onClose={() => {
        issue.reset();
        onClose();
      }}
      title={t('apiKeys.newTitle')}
      size="lg"
      centered
    >
      <form onSubmit={submit}>
        <Stack>
          <TextInput
            label={t('apiKeys.name')}
            description={t('apiKeys.nameHint')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={messagesUnder(errors, 'name')}
            data-autofocus
            data-testid="api-key-name"
          />
          <Checkbox.Group
            label={t('apiKeys.roles')}
            description={t('apiKeys.rolesHint')}
            value={chosen}
            onChange={setChosen}
            error={messagesUnder(errors, 'roles')}
          >
            <Stack gap={6} mt={6}>
              {roles.map((role) => (
                <Checkbox
                  key={role}
                  value={role}
                  label={roleLabel(role)}
                  data-testid={`api-key-role-${role}`}
                />
              ))}
            </Stack>
          </Checkbox.Group>
          <TagsInput
            label={t('apiKeys.allowedIps')}
            description={t('apiKeys.allowedIpsHint')}
            value={ips}
            onChange={setIps}
            splitChars={[',', ' ', ';']}
            clearable
            error={messagesUnder(errors, 'allowedIps')}
            data-testid="api-key-ips"
          />
          {errors.root && (
            <Alert color="red" role="alert">
              {messagesUnder(errors, 'root')}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('pcc.cancel')}
            </Button>
            <Button
              type="submit"
              leftSection={<IconKey size={16} />}
              loading={issue.isPending}
              data-testid="api-key-issue"
            >
              {t('apiKeys.issue')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
