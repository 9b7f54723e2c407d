import '@xyflow/react/dist/style.css';
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Group,
  Input,
  MultiSelect,
  Radio,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import {
  ALL_ROLES,
  roleLabel,
  stateName,
  type WorkflowCondition,
  type WorkflowState,
  type WorkflowTransition,
} from '@tms/domain';
import {
  Background,
  type Connection,
  ConnectionMode,
  Controls,
  type Edge,
  MarkerType,
  type Node,
  ReactFlow,
} from '@xyflow/react';
import { useMemo, useState } from 'react';
import { type FieldValues, type UseFormReturn, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorText, ownErrorText } from '../../platform/kit/errorText';
import { useInitiators } from './api';
import { layoutStates, NODE_HEIGHT, NODE_WIDTH, newId } from './layout';
import { edgeRoute, NODE_TYPES, type StateNodeData } from './StateNode';

type Lang = 'ru' | 'en';
type Selection = { kind: 'state' | 'transition'; id: string } | null;

/** The error object under a dotted path of react-hook-form's errors. */
function errorAt(errors: unknown, path: (string | number)[]): unknown {
  let node = errors as Record<string, unknown> | undefined;
  for (const key of path) {
    if (!node || typeof node !== 'object') return undefined;
    node = node[String(key)] as Record<string, unknown> | undefined;
  }
  return node;
}

/**
 * The graph of a workflow description: drawn with React Flow (dagre places the states), a transition added
 * by dragging from one state to another; and the same graph as a form (states, the initial one,
 * transitions with their roles and conditions), the way to edit it with the keyboard. Both write the
 * record's one form, so the save sends the whole graph and the server's refusals land under their inputs.
 */
export function GraphEditor({ form, canWrite }: { form: UseFormReturn<FieldValues>; canWrite: boolean }) {
  const { t, i18n } = useTranslation('workflows');
  const lang: Lang = i18n.language === 'en' ? 'en' : 'ru';
  const { control, setValue, formState } = form;
  const states = (useWatch({ control, name: 'states' }) ?? []) as WorkflowState[];
  const transitions = (useWatch({ control, name: 'transitions' }) ?? []) as WorkflowTransition[];
  const initialState = useWatch({ control, name: 'initialState' }) as string | null | undefined;
  const initiatorType = useWatch({ control, name: 'initiatorType' }) as string | undefined;
  const initiators = useInitiators();
  const fields = initiators.data?.find((i) => i.type === initiatorType)?.fields ?? [];
  const [selection, setSelection] = useState<Selection>(null);
  const errors = formState.errors;

  const write = (name: 'states' | 'transitions' | 'initialState', value: unknown) =>
    setValue(name, value, { shouldDirty: true, shouldValidate: formState.isSubmitted });
  const setStates = (next: WorkflowState[]) => write('states', next);
  const setTransitions = (next: WorkflowTransition[]) => write('transitions', next);

  const addState = () => {
    const state = { id: newId(), name: t('editor.newState', { n: states.length + 1 }), nameEn: null };
    setStates([...states, state]);
    if (!initialState) write('initialState', state.id);
    setSelection({ kind: 'state', id: state.id });
  };
  const removeState = (id: string) => {
    setStates(states.filter((s) => s.id !== id));
    setTransitions(transitions.filter((tr) => tr.source !== id && tr.target !== id));
    if (initialState === id) write('initialState', null);
  };
  const addTransition = (source?: string, target?: string) => {
    const transition: WorkflowTransition = {
      id: newId(),
      name: null,
      source: source ?? states[0]?.id ?? '',
      target: target ?? states[1]?.id ?? states[0]?.id ?? '',
      roles: [],
      conditions: [],
    };
    setTransitions([...transitions, transition]);
    setSelection({ kind: 'transition', id: transition.id });
  };
  const patchTransition = (index: number, patch: Partial<WorkflowTransition>) =>
    setTransitions(transitions.map((tr, i) => (i === index ? { ...tr, ...patch } : tr)));

  const positions = useMemo(() => layoutStates(states, transitions), [states, transitions]);
  const nodes: Node<StateNodeData>[] = states.map((state) => ({
    id: state.id,
    position: positions.get(state.id) ?? { x: 0, y: 0 },
    type: 'state',
    selected: selection?.kind === 'state' && selection.id === state.id,
    data: {
      label: stateName(state, lang),
      style: {
        width: NODE_WIDTH,
        height: NODE_HEIGHT,
        borderRadius: 8,
        fontSize: 13,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        border: `2px solid ${state.id === initialState ? 'var(--mantine-color-violet-6)' : 'var(--mantine-color-gray-5)'}`,
        background: state.id === initialState ? 'var(--mantine-color-violet-0)' : 'var(--mantine-color-body)',
        color: 'var(--mantine-color-text)',
      },
    },
  }));
  const known = new Set(states.map((s) => s.id));
  const edges: Edge[] = transitions
    .filter((tr) => known.has(tr.source) && known.has(tr.target))
    .map((tr) => ({
      id: tr.id,
      source: tr.source,
      target: tr.target,
      ...edgeRoute(positions, tr.source, tr.target),
      label: tr.name || undefined,
      selected: selection?.kind === 'transition' && selection.id === tr.id,
      markerEnd: { type: MarkerType.ArrowClosed, width: 18, height: 18 },
      style: { strokeWidth: 2 },
    }));
  const onConnect = (connection: Connection) => {
    if (!canWrite || !connection.source || !connection.target || connection.source === connection.target)
      return;
    addTransition(connection.source, connection.target);
  };

  const stateOptions = states.map((s) => ({ value: s.id, label: stateName(s, lang) || s.id }));
  const roleOptions = useMemo(
    () => ALL_ROLES.map((role) => ({ value: role, label: roleLabel(role, lang) })),
    [lang],
  );
  const fieldOptions = fields.map((f) => ({ value: f.key, label: f.label[lang] }));
  const ruleOptions = (['filled', 'empty'] as const).map((rule) => ({
    value: rule,
    label: t(`editor.rules.${rule}`),
  }));
  const statesError = ownErrorText(errors.states);
  const transitionsError = ownErrorText(errors.transitions);

  return (
    <Stack gap="md">
      <Card withBorder padding="sm">
        <Stack gap="xs">
          <Group justify="space-between">
            <Title order={4}>{t('editor.graph')}</Title>
            <Text size="xs" c="dimmed" maw={560} ta="right">
              {t('editor.graphHint')}
            </Text>
          </Group>
          <div style={{ height: 400 }} data-testid="workflow-graph">
            <ReactFlow
              nodes={nodes}
              edges={edges}
              nodeTypes={NODE_TYPES}
              onConnect={onConnect}
              connectionMode={ConnectionMode.Loose}
              nodesDraggable={false}
              nodesConnectable={canWrite}
              onNodeClick={(_, node) => setSelection({ kind: 'state', id: node.id })}
              onEdgeClick={(_, edge) => setSelection({ kind: 'transition', id: edge.id })}
              fitView
              fitViewOptions={{ padding: 0.2, maxZoom: 1.2 }}
              proOptions={{ hideAttribution: true }}
              key={`${states.length}-${transitions.length}`}
            >
              <Background gap={16} />
              <Controls showInteractive={false} />
            </ReactFlow>
          </div>
        </Stack>
      </Card>

      <Card withBorder padding="sm" data-testid="workflow-states">
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={4}>{t('editor.states')}</Title>
            {canWrite && (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconPlus size={14} />}
                onClick={addState}
                data-testid="add-state"
              >
                {t('editor.addState')}
              </Button>
            )}
          </Group>
          {errorText(errors.initialState) && (
            <Alert color="red" variant="light" data-testid="initial-state-error">
              {errorText(errors.initialState)}
            </Alert>
          )}
          {statesError && (
            <Alert color="red" variant="light">
              {statesError}
            </Alert>
          )}
          {states.length === 0 && <Text c="dimmed">{t('editor.noStates')}</Text>}
          <Radio.Group value={initialState ?? null} onChange={(value) => write('initialState', value)}>
            <Stack gap="xs">
              {states.map((state, index) => (
                <Group
                  key={state.id}
                  gap="sm"
                  align="flex-start"
                  wrap="nowrap"
                  data-testid={`state-row-${index}`}
                  style={{
                    borderLeft: `3px solid ${selection?.kind === 'state' && selection.id === state.id ? 'var(--mantine-color-violet-6)' : 'transparent'}`,
                    paddingLeft: 8,
                  }}
                >
                  <TextInput
                    label={t('editor.stateName')}
                    value={state.name}
                    disabled={!canWrite}
                    error={errorText(errorAt(errors, ['states', index]))}
                    onChange={(e) =>
                      setStates(
                        states.map((s, i) => (i === index ? { ...s, name: e.currentTarget.value } : s)),
                      )
                    }
                    style={{ flex: 1 }}
                    data-testid={`state-name-${index}`}
                  />
                  <TextInput
                    label={t('editor.stateNameEn')}
                    value={state.nameEn ?? ''}
                    disabled={!canWrite}
                    onChange={(e) =>
                      setStates(
                        states.map((s, i) =>
                          i === index ? { ...s, nameEn: e.currentTarget.value || null } : s,
                        ),
                      )
                    }
                    style={{ flex: 1 }}
                  />
                  <Radio
                    value={state.id}
                    label={t('editor.initial')}
                    disabled={!canWrite}
                    mt={30}
                    data-testid={`state-initial-${index}`}
                  />
                  {canWrite && (
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      mt={26}
                      aria-label={t('editor.removeState')}
                      onClick={() => removeState(state.id)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  )}
                </Group>
              ))}
            </Stack>
          </Radio.Group>
        </Stack>
      </Card>

      <Card withBorder padding="sm" data-testid="workflow-transitions">
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={4}>{t('editor.transitions')}</Title>
            {canWrite && states.length > 0 && (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconPlus size={14} />}
                onClick={() => addTransition()}
                data-testid="add-transition"
              >
                {t('editor.addTransition')}
              </Button>
            )}
          </Group>
          {transitionsError && (
            <Alert color="red" variant="light">
              {transitionsError}
            </Alert>
          )}
          {transitions.length === 0 && <Text c="dimmed">{t('editor.noTransitions')}</Text>}
          {!initiatorType && <Text c="dimmed">{t('editor.chooseInitiator')}</Text>}
          {transitions.map((transition, index) => {
            const at = (...rest: (string | number)[]) =>
              errorText(errorAt(errors, ['transitions', index, ...rest]));
            const selected = selection?.kind === 'transition' && selection.id === transition.id;
            const setConditions = (conditions: WorkflowCondition[]) => patchTransition(index, { conditions });
            return (
              <Card
                key={transition.id}
                withBorder
                padding="sm"
                data-testid={`transition-${index}`}
                style={selected ? { borderColor: 'var(--mantine-color-violet-6)' } : undefined}
              >
                <Stack gap="xs">
                  <Group gap="sm" align="flex-start" wrap="wrap">
                    <Select
                      label={t('editor.source')}
                      data={stateOptions}
                      value={transition.source || null}
                      disabled={!canWrite}
                      error={at('source')}
                      onChange={(value) => patchTransition(index, { source: value ?? '' })}
                      w={200}
                      data-testid={`transition-source-${index}`}
                    />
                    <Select
                      label={t('editor.target')}
                      data={stateOptions}
                      value={transition.target || null}
                      disabled={!canWrite}
                      error={at('target')}
                      onChange={(value) => patchTransition(index, { target: value ?? '' })}
                      w={200}
                      data-testid={`transition-target-${index}`}
                    />
                    <TextInput
                      label={t('editor.transitionName')}
                      placeholder={t('editor.transitionNamePlaceholder')}
                      value={transition.name ?? ''}
                      disabled={!canWrite}
                      error={at('name')}
                      onChange={(e) => patchTransition(index, { name: e.currentTarget.value || null })}
                      style={{ flex: 1, minWidth: 180 }}
                    />
                    {canWrite && (
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        mt={26}
                        aria-label={t('editor.removeTransition')}
                        onClick={() => setTransitions(transitions.filter((_, i) => i !== index))}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    )}
                  </Group>
                  <MultiSelect
                    label={t('editor.roles')}
                    data={roleOptions}
                    value={transition.roles}
                    disabled={!canWrite}
                    error={at('roles')}
                    searchable
                    limit={30}
                    onChange={(roles) => patchTransition(index, { roles })}
                    data-testid={`transition-roles-${index}`}
                  />
                  <Input.Wrapper label={t('editor.conditions')}>
                    <Stack gap={6} mt={4}>
                      {transition.conditions.map((condition, c) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: a condition has no id; its inputs are controlled.
                        <Group key={`${transition.id}-${c}`} gap="sm" align="flex-start" wrap="nowrap">
                          <Select
                            aria-label={t('editor.field')}
                            placeholder={t('editor.field')}
                            data={fieldOptions}
                            value={condition.field || null}
                            searchable
                            disabled={!canWrite}
                            error={at('conditions', c, 'field')}
                            onChange={(value) =>
                              setConditions(
                                transition.conditions.map((x, i) =>
                                  i === c ? { ...x, field: value ?? '' } : x,
                                ),
                              )
                            }
                            style={{ flex: 1 }}
                            data-testid={`condition-field-${index}-${c}`}
                          />
                          <Select
                            aria-label={t('editor.rule')}
                            data={ruleOptions}
                            value={condition.rule}
                            allowDeselect={false}
                            disabled={!canWrite}
                            onChange={(value) =>
                              setConditions(
                                transition.conditions.map((x, i) =>
                                  i === c
                                    ? { ...x, rule: (value as WorkflowCondition['rule']) ?? 'filled' }
                                    : x,
                                ),
                              )
                            }
                            w={220}
                            data-testid={`condition-rule-${index}-${c}`}
                          />
                          {canWrite && (
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              mt={4}
                              aria-label={t('editor.removeCondition')}
                              onClick={() => setConditions(transition.conditions.filter((_, i) => i !== c))}
                            >
                              <IconTrash size={16} />
                            </ActionIcon>
                          )}
                        </Group>
                      ))}
                      {canWrite && (
                        <Button
                          size="xs"
                          variant="subtle"
                          leftSection={<IconPlus size={14} />}
                          onClick={() =>
                            setConditions([...transition.conditions, { field: '', rule: 'filled' }])
                          }
                          disabled={!initiatorType}
                          style={{ alignSelf: 'flex-start' }}
                          data-testid={`add-condition-${index}`}
                        >
                          {t('editor.addCondition')}
                        </Button>
                      )}
                    </Stack>
                  </Input.Wrapper>
                </Stack>
              </Card>
            );
          })}
        </Stack>
      </Card>
    </Stack>
  );
}
