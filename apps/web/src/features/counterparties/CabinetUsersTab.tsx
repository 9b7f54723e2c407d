import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  Paper,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconKey, IconMailForward, IconPencil, IconRefresh, IconUserPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CABINET_COUNTERPARTY_TYPE,
  CABINET_KIND_ROLES,
  CABINET_KINDS,
  CABINET_USERS_ROLE,
  type CabinetApiKey,
  type CabinetApiKeyCreate,
  type CabinetApiKeyIssued,
  type CabinetKind,
  type CabinetRole,
  type CabinetUser,
  type Counterparty,
} from '@tms/domain';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../platform/api/client';
import { hasRole } from '../../platform/auth/access';
import { type SystemData, useSystemData } from '../../platform/auth/system';
import { formatDateTime } from '../../platform/format';
import { refusalOf } from '../../platform/kit/blocks';
import { notifySaved } from '../../platform/snackbar';
import { HoldToConfirm } from '../../platform/widgets';
import { type ApiKeyDoors, CabinetApiKeys, useCabinetRoleLabel } from '../cabinets/CabinetApiKeys';

/** The cabinets whose users the reader manages (his ROLE_CABINET_USERS_* roles) that the counterparty may have. */
export function managedCabinets(
  system: SystemData,
  record: Pick<Counterparty, 'client' | 'contractor'>,
): CabinetKind[] {
  return CABINET_KINDS.filter(
    (kind) => hasRole(system, CABINET_USERS_ROLE[kind]) && record[CABINET_COUNTERPARTY_TYPE[kind]],
  );
}

/**
 * The counterparty's cabinet users (docs/cabinets.md "Cabinet users"), of the cabinets the reader manages:
 * invited by mail, their name, roles and disabled flag changed, their password reset (a new link mailed),
 * and their API keys.
 */
export function CabinetUsersTab({ record }: { record: Counterparty }) {
  const { t } = useTranslation('counterparties');
  const { t: tc } = useTranslation('cabinets');
  const client = useQueryClient();
  const roleLabel = useCabinetRoleLabel();
  const kinds = managedCabinets(useSystemData(), record);
  const path = `/counterparties/${record.id}/cabinet-users`;
  const queryKey = ['counterparty', record.id, 'cabinet-users'];
  const users = useQuery({ queryKey, queryFn: () => api.get<CabinetUser[]>(path) });
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<CabinetUser | null>(null);
  const [keysOf, setKeysOf] = useState<CabinetUser | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey });
  const reset = useMutation({
    mutationFn: (user: CabinetUser) => api.post<CabinetUser>(`${path}/${user.id}/reset`),
    onSuccess: async () => {
      notifySaved(t('cabinetUsers.resetDone'));
      await refresh();
    },
  });
  const rows = users.data ?? [];
  const status = (user: CabinetUser) =>
    user.disabled ? (
      <Badge color="gray" variant="light" tt="none">
        {t('cabinetUsers.disabled')}
      </Badge>
    ) : user.active ? (
      <Badge color="teal" variant="light" tt="none">
        {t('cabinetUsers.active')}
      </Badge>
    ) : (
      <Badge color="orange" variant="light" tt="none">
        {t('cabinetUsers.invited')}
      </Badge>
    );

  return (
    <Stack gap="lg" maw={1280} data-testid="cabinet-users">
      <Group justify="space-between" align="flex-start">
        <Text size="sm" c="dimmed" maw={760}>
          {t('cabinetUsers.hint')}
        </Text>
        {kinds.length > 0 && (
          <Button
            leftSection={<IconUserPlus size={16} />}
            onClick={() => setInviting(true)}
            data-testid="cabinet-user-invite"
          >
            {t('cabinetUsers.invite')}
          </Button>
        )}
      </Group>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {users.isLoading ? t('common:loading') : t('cabinetUsers.none')}
        </Text>
      ) : (
        <Paper withBorder style={{ overflowX: 'auto' }}>
          <Table striped highlightOnHover verticalSpacing="xs" miw={980}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('cabinetUsers.name')}</Table.Th>
                <Table.Th>{t('cabinetUsers.cabinet')}</Table.Th>
                <Table.Th>{t('cabinetUsers.roles')}</Table.Th>
                <Table.Th>{t('cabinetUsers.status')}</Table.Th>
                <Table.Th>{t('cabinetUsers.lastLogin')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((user) => (
                <Table.Tr key={user.id} data-testid={`cabinet-user-${user.id}`}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {user.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {user.email}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{tc(`kinds.${user.kind}.name`)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {user.roles.map((role) => (
                        <Badge key={role} variant="light" tt="none" size="sm">
                          {roleLabel(role)}
                        </Badge>
                      ))}
                    </Group>
                  </Table.Td>
                  <Table.Td>{status(user)}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{user.lastLoginAt ? formatDateTime(user.lastLoginAt) : '—'}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap" justify="flex-end">
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        leftSection={<IconPencil size={14} />}
                        onClick={() => setEditing(user)}
                        data-testid={`cabinet-user-edit-${user.id}`}
                      >
                        {t('cabinetUsers.edit')}
                      </Button>
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        leftSection={<IconKey size={14} />}
                        onClick={() => setKeysOf(user)}
                        data-testid={`cabinet-user-keys-${user.id}`}
                      >
                        {t('cabinetUsers.keys')}
                      </Button>
                      {!user.disabled && (
                        <HoldToConfirm
                          size="compact-sm"
                          variant="subtle"
                          color="orange.9"
                          leftSection={
                            user.active ? <IconRefresh size={14} /> : <IconMailForward size={14} />
                          }
                          onConfirm={() => reset.mutate(user)}
                          loading={reset.isPending && reset.variables?.id === user.id}
                          data-testid={`cabinet-user-reset-${user.id}`}
                        >
                          {user.active ? t('cabinetUsers.reset') : t('cabinetUsers.reinvite')}
                        </HoldToConfirm>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
      {reset.isError && (
        <Alert color="red" role="alert">
          {refusalOf(reset.error).all}
        </Alert>
      )}
      <InviteModal
        opened={inviting}
        kinds={kinds}
        path={path}
        onClose={() => setInviting(false)}
        onDone={async () => {
          setInviting(false);
          notifySaved(t('cabinetUsers.invited'));
          await refresh();
        }}
      />
      {editing && (
        <EditModal
          user={editing}
          path={path}
          onClose={() => setEditing(null)}
          onDone={async () => {
            setEditing(null);
            notifySaved(t('common:saved'));
            await refresh();
          }}
        />
      )}
      <Modal
        opened={keysOf !== null}
        onClose={() => setKeysOf(null)}
        title={keysOf ? t('cabinetUsers.keysOf', { name: keysOf.name }) : ''}
        size="80rem"
        centered
      >
        {keysOf && (
          <CabinetApiKeys
            doors={keyDoors(`${path}/${keysOf.id}/api-keys`)}
            queryKey={[...queryKey, keysOf.id, 'api-keys']}
            roles={keysOf.roles}
            canEdit={!keysOf.disabled}
            testId="cabinet-user-api-keys"
          />
        )}
      </Modal>
    </Stack>
  );
}

/** A cabinet user's keys through the back office's door. */
const keyDoors = (path: string): ApiKeyDoors => ({
  list: () => api.get<CabinetApiKey[]>(path),
  issue: (body: CabinetApiKeyCreate) => api.post<CabinetApiKeyIssued>(path, body),
  revoke: (id: number) => api.delete<void>(`${path}/${id}`),
});

function RolesInput({
  kind,
  value,
  onChange,
  error,
}: {
  kind: CabinetKind;
  value: string[];
  onChange: (value: string[]) => void;
  error?: string;
}) {
  const { t } = useTranslation('counterparties');
  const roleLabel = useCabinetRoleLabel();
  return (
    <Checkbox.Group label={t('cabinetUsers.roles')} value={value} onChange={onChange} error={error}>
      <Stack gap={6} mt={6}>
        {CABINET_KIND_ROLES[kind].map((role) => (
          <Checkbox
            key={role}
            value={role}
            label={roleLabel(role)}
            data-testid={`cabinet-user-role-${role}`}
          />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}

function InviteModal({
  opened,
  kinds,
  path,
  onClose,
  onDone,
}: {
  opened: boolean;
  kinds: readonly CabinetKind[];
  path: string;
  onClose: () => void;
  onDone: () => Promise<void>;
}) {
  const { t } = useTranslation('counterparties');
  const { t: tc } = useTranslation('cabinets');
  const [kind, setKind] = useState<CabinetKind | null>(null);
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [roles, setRoles] = useState<string[]>([]);
  const chosen = kind ?? kinds[0] ?? 'client';
  const invite = useMutation({
    mutationFn: () => api.post<CabinetUser>(path, { kind: chosen, email, name, roles }),
    onSuccess: async () => {
      setEmail('');
      setName('');
      setRoles([]);
      await onDone();
    },
  });
  const refusal = refusalOf(invite.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate();
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t('cabinetUsers.inviteTitle')} centered>
      <form onSubmit={submit}>
        <Stack>
          {kinds.length > 1 && (
            <Select
              label={t('cabinetUsers.cabinet')}
              value={chosen}
              allowDeselect={false}
              data={kinds.map((k) => ({ value: k, label: tc(`kinds.${k}.name`) }))}
              onChange={(next) => {
                setKind(next as CabinetKind);
                setRoles([]);
              }}
              error={refusal.field('kind')}
            />
          )}
          <TextInput
            label={t('cabinetUsers.email')}
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={refusal.field('email')}
            data-autofocus
            data-testid="cabinet-user-email"
          />
          <TextInput
            label={t('cabinetUsers.name')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={refusal.field('name')}
            data-testid="cabinet-user-name"
          />
          <RolesInput kind={chosen} value={roles} onChange={setRoles} error={refusal.field('roles')} />
          <Text size="xs" c="dimmed">
            {t('cabinetUsers.inviteHint')}
          </Text>
          {invite.isError && refusal.field('root') && (
            <Alert color="red" role="alert">
              {refusal.field('root')}
            </Alert>
          )}
          {invite.isError && refusal.other && (
            <Alert color="red" role="alert">
              {refusal.other}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common:cancel')}
            </Button>
            <Button type="submit" loading={invite.isPending} data-testid="cabinet-user-send">
              {t('cabinetUsers.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function EditModal({
  user,
  path,
  onClose,
  onDone,
}: {
  user: CabinetUser;
  path: string;
  onClose: () => void;
  onDone: () => Promise<void>;
}) {
  const { t } = useTranslation('counterparties');
  const [name, setName] = useState(user.name);
  const [roles, setRoles] = useState<string[]>(user.roles);
  const [disabled, setDisabled] = useState(user.disabled);
  const save = useMutation({
    mutationFn: () =>
      api.put<CabinetUser>(`${path}/${user.id}`, {
        name,
        roles: roles as CabinetRole[],
        disabled,
        version: user.version,
      }),
    onSuccess: onDone,
  });
  const refusal = refusalOf(save.error);
  return (
    <Modal opened onClose={onClose} title={t('cabinetUsers.editTitle')} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate();
        }}
      >
        <Stack>
          <Title order={4} size="h6" c="dimmed">
            {user.email}
          </Title>
          <TextInput
            label={t('cabinetUsers.name')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={refusal.field('name')}
          />
          <RolesInput kind={user.kind} value={roles} onChange={setRoles} error={refusal.field('roles')} />
          <Switch
            label={t('cabinetUsers.disable')}
            description={t('cabinetUsers.disableHint')}
            checked={disabled}
            onChange={(e) => setDisabled(e.currentTarget.checked)}
            data-testid="cabinet-user-disabled"
          />
          {save.isError && (refusal.field('root') || refusal.other) && (
            <Alert color="red" role="alert">
              {refusal.field('root') ?? refusal.other}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common:cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="cabinet-user-save">
              {t('common:save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
