import {
  Accordion,
  Badge,
  Checkbox,
  Group,
  Input,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { mayGrant, PERMISSION_FAMILIES, type PermissionDef, SCOPE_LABELS, type Scope } from '@tms/domain';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSystemData } from '../auth/system';
import type { Language } from './logic';

interface RolePickerProps {
  value: string[];
  onChange: (value: string[]) => void;
  lang: Language;
  label?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  id?: string;
}

/** One line of the picker: a plain role, or a scoped permission offered as its set of scopes. */
type Line =
  | { kind: 'role'; def: PermissionDef }
  | { kind: 'scoped'; permission: string; label: string; variants: { scope: Scope; role: string }[] };

function linesOf(permissions: readonly PermissionDef[], lang: Language): Line[] {
  const lines: Line[] = [];
  const scoped = new Map<string, Extract<Line, { kind: 'scoped' }>>();
  for (const def of permissions) {
    if (!def.scopes || !def.scope) {
      lines.push({ kind: 'role', def });
      continue;
    }
    let line = scoped.get(def.scopes);
    if (!line) {
      // The catalogue labels each scope variant "Name (scope)"; the line shows the name once.
      const suffix = ` (${SCOPE_LABELS[def.scope][lang]})`;
      const label = def.label[lang].endsWith(suffix)
        ? def.label[lang].slice(0, -suffix.length)
        : def.label[lang];
      line = { kind: 'scoped', permission: def.scopes, label, variants: [] };
      scoped.set(def.scopes, line);
      lines.push(line);
    }
    line.variants.push({ scope: def.scope, role: def.role });
  }
  return lines;
}

/**
 * The roles of an access group or user, grouped by permission family (spec §6); a scoped permission is
 * chosen as one of its scopes, or none. Only what the signed-in user may grant can be added (the
 * server's rule, `mayGrant`); a role already given can be taken away, but the administrator's only by
 * an administrator.
 */
export function RolePicker({ value, onChange, lang, label, error, required, disabled, id }: RolePickerProps) {
  const { t } = useTranslation('resources');
  const [filter, setFilter] = useState('');
  const held = new Set(value);
  const own = useSystemData().roles;
  const locked = (role: string) => !mayGrant(own, role) && (!held.has(role) || role === 'ROLE_ADMIN');
  const families = useMemo(
    () => PERMISSION_FAMILIES.map((family) => ({ family, lines: linesOf(family.permissions, lang) })),
    [lang],
  );
  const needle = filter.trim().toLowerCase();
  const matches = (text: string) => !needle || text.toLowerCase().includes(needle);

  const setRole = (role: string, on: boolean) =>
    onChange(on ? [...value.filter((r) => r !== role), role] : value.filter((r) => r !== role));
  const setScope = (line: Extract<Line, { kind: 'scoped' }>, role: string) => {
    const others = value.filter((r) => !line.variants.some((v) => v.role === r));
    onChange(role ? [...others, role] : others);
  };

  return (
    <Input.Wrapper label={label} error={error} required={required} id={id}>
      <Stack gap="xs" mt={4}>
        <TextInput
          size="xs"
          placeholder={t('roles.search')}
          value={filter}
          onChange={(e) => setFilter(e.currentTarget.value)}
          aria-label={t('roles.search')}
        />
        <Accordion variant="separated" multiple chevronPosition="left">
          {families.map(({ family, lines }) => {
            const visible = lines.filter(
              (line) =>
                matches(line.kind === 'role' ? line.def.label[lang] : line.label) ||
                matches(family.label[lang]),
            );
            if (!visible.length) return null;
            const count = family.permissions.filter((p) => held.has(p.role)).length;
            return (
              <Accordion.Item key={family.key} value={family.key}>
                <Accordion.Control>
                  <Group justify="space-between" pr="sm">
                    <Text size="sm" fw={500}>
                      {family.label[lang]}
                    </Text>
                    {count > 0 && (
                      <Badge size="sm" variant="filled">
                        {count}
                      </Badge>
                    )}
                  </Group>
                </Accordion.Control>
                <Accordion.Panel>
                  <Stack gap={8}>
                    {visible.map((line) =>
                      line.kind === 'role' ? (
                        <Checkbox
                          key={line.def.role}
                          label={line.def.label[lang]}
                          checked={held.has(line.def.role)}
                          disabled={disabled || locked(line.def.role)}
                          onChange={(e) => setRole(line.def.role, e.currentTarget.checked)}
                        />
                      ) : (
                        <Group key={line.permission} justify="space-between" wrap="wrap" gap="xs">
                          <Text size="sm">{line.label}</Text>
                          <SegmentedControl
                            size="xs"
                            disabled={disabled}
                            value={line.variants.find((v) => held.has(v.role))?.role ?? ''}
                            onChange={(role) => setScope(line, role)}
                            data={[
                              { value: '', label: t('roles.none') },
                              ...line.variants.map((v) => ({
                                value: v.role,
                                label: SCOPE_LABELS[v.scope][lang],
                                disabled: locked(v.role),
                              })),
                            ]}
                          />
                        </Group>
                      ),
                    )}
                  </Stack>
                </Accordion.Panel>
              </Accordion.Item>
            );
          })}
        </Accordion>
      </Stack>
    </Input.Wrapper>
  );
}
