import { Alert, Button, Group, Modal, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  CONTROL_KIND_LABELS,
  type CustomsDeclaration,
  DECISION_CODE_LABELS,
  DECISION_CODES,
  DECLARATION_MOVE_LABELS,
  DECLARATION_MOVES,
  type DeclarationMove,
  type ResourceDescriptor,
} from '@tms/domain';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../platform/api/client';
import { refusalOf } from '../../../platform/kit/blocks';
import { resourceKey } from '../../../platform/resources/ResourceList';
import { notifySaved } from '../../../platform/snackbar';

/** The path of each move under the declaration (`/tms/customs/{id}/<path>`). */
export const MOVE_PATHS: Readonly<Record<DeclarationMove, string>> = {
  submit: 'submit',
  register: 'register',
  startControl: 'start-control',
  requestDocuments: 'request-documents',
  release: 'release',
  releaseConditionally: 'release-conditionally',
  refuse: 'refuse',
  withdraw: 'withdraw',
  notFiled: 'not-filed',
};

const GOODS_CONTROLS = ['CHECK', 'INSPECTION', 'EXAMINATION', 'SAMPLING'] as const;

interface MoveDialogProps {
  descriptor: ResourceDescriptor;
  declaration: CustomsDeclaration;
  move: DeclarationMove;
  onClose: () => void;
}

/**
 * One message of customs entered by hand: its moment (now by default), what it brings (the number at
 * registration, the kind of control, the decision code) and a comment. A refusal shows under its field.
 */
export function MoveDialog({ descriptor, declaration, move, onClose }: MoveDialogProps) {
  const { t, i18n } = useTranslation('customsDeclarations');
  const lang = i18n.language === 'en' ? 'en' : 'ru';
  const client = useQueryClient();
  const [at, setAt] = useState('');
  const [number, setNumber] = useState('');
  const [controlKind, setControlKind] = useState<string>('CHECK');
  const to = DECLARATION_MOVES[move].to;
  const codes: readonly string[] =
    to in DECISION_CODES ? DECISION_CODES[to as keyof typeof DECISION_CODES] : [];
  const [decisionCode, setDecisionCode] = useState<string | null>(codes[0] ?? null);
  const [comment, setComment] = useState('');
  const save = useMutation({
    mutationFn: () =>
      api.post<CustomsDeclaration>(
        `${descriptor.path}/${declaration.id}/${MOVE_PATHS[move]}`,
        {
          version: declaration.version,
          ...(at ? { at: dayjs(at).format() } : {}),
          ...(comment.trim() ? { comment: comment.trim() } : {}),
          ...(move === 'register' ? { number: number.trim() } : {}),
          ...(move === 'startControl' ? { controlKind } : {}),
          ...(['release', 'releaseConditionally', 'refuse'].includes(move) && decisionCode
            ? { decisionCode }
            : {}),
        },
        { suppressPopup: true },
      ),
    onSuccess: async (saved) => {
      notifySaved(DECLARATION_MOVE_LABELS[move][lang]);
      client.setQueryData([...resourceKey(descriptor), 'record', saved.id], saved);
      await client.invalidateQueries({ queryKey: resourceKey(descriptor) });
      onClose();
    },
  });
  const refusal = save.error ? refusalOf(save.error) : null;
  // What belongs to no input of the dialog: the status, the draft's items and declarant, a stale version.
  const rootErrors = refusal
    ? [...['status', 'items', 'declarantId'].map((name) => refusal.field(name)), refusal.other].filter(
        Boolean,
      )
    : [];
  return (
    <Modal
      opened
      onClose={onClose}
      title={`${t('moves.title')}: ${DECLARATION_MOVE_LABELS[move][lang]}`}
      size="md"
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate();
        }}
        data-testid="move-dialog"
      >
        <Stack gap="sm">
          {move === 'register' && (
            <TextInput
              id="move-number"
              label={t('moves.number')}
              description={t('moves.numberHint')}
              placeholder="10702070/070219/0023698"
              required
              data-autofocus
              value={number}
              onChange={(event) => setNumber(event.currentTarget.value)}
              error={refusal?.field('number')}
            />
          )}
          {move === 'startControl' && (
            <Select
              id="move-controlKind"
              label={t('moves.controlKind')}
              data={GOODS_CONTROLS.map((kind) => ({ value: kind, label: CONTROL_KIND_LABELS[kind][lang] }))}
              value={controlKind}
              onChange={(value) => setControlKind(value ?? 'CHECK')}
              allowDeselect={false}
              error={refusal?.field('controlKind')}
            />
          )}
          {codes.length > 1 && (
            <Select
              id="move-decisionCode"
              label={t('moves.decisionCode')}
              data={codes.map((code) => ({ value: code, label: DECISION_CODE_LABELS[code]?.[lang] ?? code }))}
              value={decisionCode}
              onChange={setDecisionCode}
              allowDeselect={false}
              error={refusal?.field('decisionCode')}
            />
          )}
          <TextInput
            id="move-at"
            type="datetime-local"
            label={t('moves.at')}
            description={t('moves.atHint')}
            value={at}
            onChange={(event) => setAt(event.currentTarget.value)}
            error={refusal?.field('at')}
          />
          <Textarea
            id="move-comment"
            label={t('moves.comment')}
            autosize
            minRows={2}
            value={comment}
            onChange={(event) => setComment(event.currentTarget.value)}
          />
          {rootErrors.length > 0 && (
            <Alert color="red" data-testid="move-refusal" style={{ whiteSpace: 'pre-line' }}>
              {rootErrors.join('\n')}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('moves.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="move-apply">
              {t('moves.apply')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
