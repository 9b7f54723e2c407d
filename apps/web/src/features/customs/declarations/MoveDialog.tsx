import { Select, Textarea, TextInput } from '@mantine/core';
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
import { StatusMoveDialog } from '../../../platform/kit/StatusMoveDialog';

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
  const [at, setAt] = useState('');
  const [number, setNumber] = useState('');
  const [controlKind, setControlKind] = useState<string>('CHECK');
  const to = DECLARATION_MOVES[move].to;
  const codes: readonly string[] =
    to in DECISION_CODES ? DECISION_CODES[to as keyof typeof DECISION_CODES] : [];
  const [decisionCode, setDecisionCode] = useState<string | null>(codes[0] ?? null);
  const [comment, setComment] = useState('');
  return (
    <StatusMoveDialog
      descriptor={descriptor}
      title={`${t('moves.title')}: ${DECLARATION_MOVE_LABELS[move][lang]}`}
      savedMessage={DECLARATION_MOVE_LABELS[move][lang]}
      applyLabel={t('moves.apply')}
      recordFields={['status', 'items', 'declarantId']}
      onClose={onClose}
      send={() =>
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
        )
      }
    >
      {(refusal) => (
        <>
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
        </>
      )}
    </StatusMoveDialog>
  );
}
