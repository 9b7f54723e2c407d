import {
  ActionIcon,
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Checkbox,
  Group,
  Menu,
  Modal,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconDots, IconUserPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CABINET_KIND_ROLES,
  CABINET_LINK_HOURS,
  CABINET_ROLE_LABELS,
  type CabinetKind,
  type CabinetMe,
  type CabinetRole,
  type CabinetUser,
  type ValidationTree,
} from '@tms/domain';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../platform/format';
import { translateServerMessage } from '../../platform/i18n';
import { CabinetScreen, Empty, Rows } from './CabinetKit';
import { cabinetMeKey } from './CabinetShell';
import { CABINET_CLIENTS, CabinetError } from './cabinetApi';

/** A refusal's messages: those of one field of the validation tree, or those of no field (or the message). */
function refusal(error: unknown) {
  const tree = error instanceof CabinetError ? error.errors : undefined;
  const flat = (node: ValidationTree | undefined): string[] =>
    node ? [...node.errors, ...Object.values(node.children).flatMap(flat)] : [];
  const say = (messages: string[]) => messages.map((m) => translateServerMessage(m)).join(' ') || null;
  return {
    // One message a field: the first that it broke.
    field: (name: string) => say(flat(tree?.children[name]).slice(0, 1)),
    root: () => (error ? (tree ? say(tree.errors) : translateServerMessage((error as Error).message)) : null),
  };
}

/** Where a user stands: signed in before or able to, invited (until when), his link expired, disabled. */
function statusOf(user: CabinetUser, now: number): { key: string; color: string; until?: string } {
  if (user.disabled) return { key: 'disabled', color: 'red' };
  if (user.active) return { key: 'active', color: 'green' };
  if (user.invitationExpiresAt && Date.parse(user.invitationExpiresAt) <= now)
    return { key: 'expired', color: 'orange' };
  return {
    key: 'invited',
    color: 'blue',
    until: user.invitationExpiresAt ? formatDateTime(user.invitationExpiresAt) : undefined,
  };
}

/** The user's status, and till when his invitation's link holds. */
function Status({ user, now }: { user: CabinetUser; now: number }) {
  const { t } = useTranslation('cabinets');
  const status = statusOf(user, now);
  return (
    <Stack gap={2} align="flex-start" data-testid="cabinet-user-status">
      <Badge color={status.color} variant="light" style={{ textTransform: 'none' }}>
        {t(`cabinet.users.${status.key}`)}
      </Badge>
      {status.until && (
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {t('cabinet.users.invitedUntil', { date: status.until })}
        </Text>
      )}
    </Stack>
  );
}

type Confirm = { user: CabinetUser; action: 'disable' | 'reset' };
/** What a confirmed action is called: a reset of one who never signed in is a new invitation. */
const confirmLabel = ({ user, action }: Confirm) =>
  action === 'disable' ? 'disable' : user.active ? 'reset' : 'reinvite';

/**
 * A cabinet's colleagues, for its administrator (`/{cabinet}/users`), the same screen in every cabinet:
 * the counterparty's users of this cabinet with their roles, whether they are active, invited or disabled
 * and when they last signed in; invite one by mail, change his roles, disable or enable him, reset his
 * password (a new one-time link). The server refuses what may not be (his own administrator role, himself
 * disabled) and the screen says why.
 */
export function CabinetUsersScreen({ kind }: { kind: CabinetKind }) {
  const { t } = useTranslation('cabinets');
  const api = CABINET_CLIENTS[kind];
  const queries = useQueryClient();
  const listKey = [api.path, 'users'];
  const me = useQuery({
    queryKey: cabinetMeKey(kind),
    queryFn: () => api.get<CabinetMe>(`/${api.path}/me`),
  });
  const users = useQuery({ queryKey: listKey, queryFn: () => api.get<CabinetUser[]>(`/${api.path}/users`) });
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<CabinetUser | null>(null);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const saved = async (message?: string) => {
    setDone(message ?? null);
    setFailure(null);
    await queries.invalidateQueries({ queryKey: listKey });
  };
  const enable = useMutation({
    mutationFn: (user: CabinetUser) =>
      api.put<CabinetUser>(`/${api.path}/users/${user.id}`, { disabled: false, version: user.version }),
    onSuccess: () => saved(),
    onError: setFailure,
  });
  const myId = me.data?.user?.id;
  const now = Date.now();
  const column = (label: string, value: (user: CabinetUser) => ReactNode) => ({ label, value });
  const lastLogin = (user: CabinetUser) =>
    user.lastLoginAt ? formatDateTime(user.lastLoginAt) : t('cabinet.users.never');
  const you = (user: CabinetUser) =>
    user.id === myId && (
      <Badge size="xs" variant="light" color="gray" style={{ flexShrink: 0, textTransform: 'none' }}>
        {t('cabinet.users.you')}
      </Badge>
    );
  const actions = (user: CabinetUser) => (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t('cabinet.users.more', { name: user.name })}
          data-testid="cabinet-user-menu"
        >
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => setEditing(user)}>{t('cabinet.users.editRoles')}</Menu.Item>
        {!user.disabled && (
          <Menu.Item onClick={() => setConfirm({ user, action: 'reset' })}>
            {t(user.active ? 'cabinet.users.reset' : 'cabinet.users.reinvite')}
          </Menu.Item>
        )}
        {user.disabled ? (
          <Menu.Item onClick={() => enable.mutate(user)}>{t('cabinet.users.enable')}</Menu.Item>
        ) : (
          <Menu.Item color="red" onClick={() => setConfirm({ user, action: 'disable' })}>
            {t('cabinet.users.disable')}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
  return (
    <CabinetScreen
      cabinet={t(`kinds.${kind}.name`)}
      title={t('cabinet.users.title')}
      action={
        <Button
          leftSection={<IconUserPlus size={18} />}
          onClick={() => setInviting(true)}
          data-testid="cabinet-users-invite"
        >
          {t('cabinet.users.invite')}
        </Button>
      }
    >
      {done && (
        <Alert color="green" withCloseButton onClose={() => setDone(null)} data-testid="cabinet-users-done">
          {done}
        </Alert>
      )}
      {refusal(failure).root() && (
        <Alert color="red" role="alert" withCloseButton onClose={() => setFailure(null)}>
          {refusal(failure).root()}
        </Alert>
      )}
      {users.data?.length ? (
        <>
          {/* A table on a wide screen; on a phone, one card per colleague with his actions at hand. */}
          <Box visibleFrom="sm">
            <Rows
              rows={users.data}
              columns={[
                column(t('cabinet.users.name'), (user) => (
                  <Group gap={6} wrap="nowrap">
                    <Text size="sm" fw={500}>
                      {user.name}
                    </Text>
                    {you(user)}
                  </Group>
                )),
                column(t('cabinet.users.email'), (user) => (
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {user.email}
                  </Text>
                )),
                column(t('cabinet.users.roles'), (user) => <RoleBadges roles={user.roles} />),
                column(t('cabinet.users.status'), (user) => <Status user={user} now={now} />),
                column(t('cabinet.users.lastLogin'), (user) => (
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {lastLogin(user)}
                  </Text>
                )),
                column('', (user) => actions(user)),
              ]}
            />
          </Box>
          <Stack gap="xs" hiddenFrom="sm">
            {users.data.map((user) => (
              <Card key={user.id} withBorder padding="sm" data-testid="cabinet-user-card">
                <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                  <Stack gap={2} miw={0}>
                    <Group gap={6} wrap="nowrap">
                      <Text fw={600} size="sm">
                        {user.name}
                      </Text>
                      {you(user)}
                    </Group>
                    <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {user.email}
                    </Text>
                  </Stack>
                  {actions(user)}
                </Group>
                <Box mt="xs">
                  <RoleBadges roles={user.roles} />
                </Box>
                <Group justify="space-between" align="flex-end" mt="xs" gap="xs">
                  <Status user={user} now={now} />
                  <Text size="xs" c="dimmed" ta="right">
                    {t('cabinet.users.lastLogin')}: {lastLogin(user)}
                  </Text>
                </Group>
              </Card>
            ))}
          </Stack>
        </>
      ) : (
        <Empty loading={users.isLoading} />
      )}
      <Modal opened={inviting} onClose={() => setInviting(false)} title={t('cabinet.users.inviteTitle')}>
        {inviting && (
          <InviteForm
            kind={kind}
            onClose={() => setInviting(false)}
            onDone={(user) => saved(t('cabinet.users.invitedDone', { email: user.email }))}
          />
        )}
      </Modal>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing ? t('cabinet.users.rolesTitle', { name: editing.name }) : ''}
      >
        {editing && (
          <RolesForm
            key={editing.id}
            kind={kind}
            user={editing}
            onClose={() => setEditing(null)}
            onDone={() => saved()}
          />
        )}
      </Modal>
      <Modal
        opened={confirm !== null}
        onClose={() => setConfirm(null)}
        title={confirm ? t(`cabinet.users.${confirmLabel(confirm)}`) : ''}
      >
        {confirm && (
          <ConfirmForm
            key={`${confirm.user.id}-${confirm.action}`}
            kind={kind}
            confirm={confirm}
            onClose={() => setConfirm(null)}
            onDone={(message) => saved(message)}
          />
        )}
      </Modal>
    </CabinetScreen>
  );
}

function RoleBadges({ roles }: { roles: readonly CabinetRole[] }) {
  const { t, i18n } = useTranslation('cabinets');
  const lang = i18n.language === 'en' ? 'en' : 'ru';
  if (!roles.length)
    return (
      <Text size="sm" c="dimmed">
        {t('cabinet.users.noRoles')}
      </Text>
    );
  return (
    <Group gap={4}>
      {roles.map((role) => (
        <Badge key={role} size="sm" variant="outline" style={{ textTransform: 'none' }}>
          {CABINET_ROLE_LABELS[role][lang]}
        </Badge>
      ))}
    </Group>
  );
}

/** The roles of the cabinet to tick, with the refusal of the roles field under them. */
function RolePicker({
  kind,
  value,
  onChange,
  error,
}: {
  kind: CabinetKind;
  value: string[];
  onChange: (roles: string[]) => void;
  error: string | null;
}) {
  const { t, i18n } = useTranslation('cabinets');
  const lang = i18n.language === 'en' ? 'en' : 'ru';
  return (
    <Checkbox.Group
      label={t('cabinet.users.roles')}
      description={t('cabinet.users.rolesHint')}
      value={value}
      onChange={onChange}
      error={error}
    >
      <Stack gap={6} mt={6}>
        {CABINET_KIND_ROLES[kind].map((role) => (
          <Checkbox key={role} value={role} label={CABINET_ROLE_LABELS[role][lang]} data-role={role} />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}

function FormButtons({
  onClose,
  pending,
  label,
  danger = false,
}: {
  onClose: () => void;
  pending: boolean;
  label: string;
  danger?: boolean;
}) {
  const { t } = useTranslation('cabinets');
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onClose}>
        {t('pcc.cancel')}
      </Button>
      <Button
        type="submit"
        loading={pending}
        color={danger ? 'red' : undefined}
        data-testid="cabinet-users-submit"
      >
        {label}
      </Button>
    </Group>
  );
}

function RootFailure({ error }: { error: unknown }) {
  const message = refusal(error).root();
  return message ? (
    <Alert color="red" role="alert">
      {message}
    </Alert>
  ) : null;
}

function InviteForm({
  kind,
  onClose,
  onDone,
}: {
  kind: CabinetKind;
  onClose: () => void;
  onDone: (user: CabinetUser) => void;
}) {
  const { t } = useTranslation('cabinets');
  const api = CABINET_CLIENTS[kind];
  const [roles, setRoles] = useState<string[]>([]);
  const invite = useMutation({
    mutationFn: (body: unknown) => api.post<CabinetUser>(`/${api.path}/users`, body),
    onSuccess: (user) => {
      onDone(user);
      onClose();
    },
  });
  const failure = refusal(invite.error);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    invite.mutate({ name: String(form.get('name') ?? ''), email: String(form.get('email') ?? ''), roles });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm" c="dimmed">
          {t('cabinet.users.inviteHint', { hours: CABINET_LINK_HOURS })}
        </Text>
        <RootFailure error={invite.error} />
        <TextInput
          name="name"
          label={t('cabinet.users.name')}
          required
          maxLength={255}
          error={failure.field('name')}
          data-autofocus
          data-testid="cabinet-user-name-input"
        />
        <TextInput
          name="email"
          type="email"
          label={t('cabinet.users.email')}
          required
          maxLength={180}
          error={failure.field('email')}
          data-testid="cabinet-user-email-input"
        />
        <RolePicker kind={kind} value={roles} onChange={setRoles} error={failure.field('roles')} />
        <FormButtons onClose={onClose} pending={invite.isPending} label={t('cabinet.users.send')} />
      </Stack>
    </form>
  );
}

function RolesForm({
  kind,
  user,
  onClose,
  onDone,
}: {
  kind: CabinetKind;
  user: CabinetUser;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('cabinets');
  const api = CABINET_CLIENTS[kind];
  const [roles, setRoles] = useState<string[]>(user.roles);
  const save = useMutation({
    mutationFn: () => api.put<CabinetUser>(`/${api.path}/users/${user.id}`, { roles, version: user.version }),
    onSuccess: () => {
      onDone();
      onClose();
    },
  });
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate();
      }}
    >
      <Stack>
        <RootFailure error={save.error} />
        <RolePicker
          kind={kind}
          value={roles}
          onChange={setRoles}
          error={refusal(save.error).field('roles')}
        />
        <FormButtons onClose={onClose} pending={save.isPending} label={t('cabinet.users.save')} />
      </Stack>
    </form>
  );
}

function ConfirmForm({
  kind,
  confirm,
  onClose,
  onDone,
}: {
  kind: CabinetKind;
  confirm: Confirm;
  onClose: () => void;
  onDone: (message?: string) => void;
}) {
  const { t } = useTranslation('cabinets');
  const api = CABINET_CLIENTS[kind];
  const { user, action } = confirm;
  const run = useMutation({
    mutationFn: () =>
      action === 'disable'
        ? api.put<CabinetUser>(`/${api.path}/users/${user.id}`, { disabled: true, version: user.version })
        : api.post<CabinetUser>(`/${api.path}/users/${user.id}/reset`, {}),
    onSuccess: () => {
      onDone(action === 'reset' ? t('cabinet.users.resetDone', { email: user.email }) : undefined);
      onClose();
    },
  });
  const question = action === 'disable' ? 'confirmDisable' : user.active ? 'confirmReset' : 'confirmReinvite';
  const label = confirmLabel(confirm);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        run.mutate();
      }}
    >
      <Stack>
        <Text size="sm">{t(`cabinet.users.${question}`, { name: user.name, email: user.email })}</Text>
        <RootFailure error={run.error} />
        <FormButtons
          onClose={onClose}
          pending={run.isPending}
          label={t(`cabinet.users.${label}`)}
          danger={action === 'disable'}
        />
      </Stack>
    </form>
  );
}
