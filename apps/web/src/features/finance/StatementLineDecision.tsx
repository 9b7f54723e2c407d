import { Select, Stack, Text, TextInput } from '@mantine/core';
import type { StatementDecision, StatementLine } from '@tms/domain';
import { useTranslation } from 'react-i18next';
import { LazySelect } from '../../platform/widgets';

/**
 * What the person chose for a statement line: its counterparty when no INN matched one (none, created from
 * the statement's details, or picked), and its payment (as reviewed, another bill, unlinked, skipped).
 */
export interface LineChoice {
  party: 'none' | 'create' | 'pick';
  counterpartyId?: number;
  name?: string;
  action: 'keep' | 'link' | 'unlinked' | 'skip';
  billId?: number;
}

export const KEEP: LineChoice = { party: 'none', action: 'keep' };

/** The decision the server takes for a line's choice; none when the line imports as reviewed. */
export function decisionOf(line: StatementLine, choice: LineChoice): StatementDecision | null {
  const counterparty =
    choice.party === 'create'
      ? {
          create:
            choice.name?.trim() && choice.name.trim() !== line.party.name ? { name: choice.name.trim() } : {},
        }
      : choice.party === 'pick' && choice.counterpartyId
        ? { counterpartyId: choice.counterpartyId }
        : undefined;
  if (choice.action === 'keep' && !counterparty) return null;
  // A line without a counterparty was reviewed unmatched: as reviewed, it imports unlinked.
  const action = choice.action === 'keep' ? 'unlinked' : choice.action;
  return {
    line: line.line,
    action,
    ...(action === 'link' && choice.billId ? { billId: choice.billId } : {}),
    ...(counterparty ? { counterparty } : {}),
  };
}

/** The other party's details as the statement gives them, one line (what a created counterparty takes). */
function PartyDetails({ line }: { line: StatementLine }) {
  const { t } = useTranslation('finance');
  const { party } = line;
  const parts = [
    party.inn && t('statement.details.inn', { value: party.inn }),
    party.kpp && party.kpp !== '0' && t('statement.details.kpp', { value: party.kpp }),
    party.account && t('statement.details.account', { value: party.account }),
    party.bik && t('statement.details.bik', { value: party.bik }),
    party.bankName,
  ].filter(Boolean);
  return (
    <Text size="xs" c="dimmed" data-testid={`statement-party-${line.line}`}>
      {parts.join(' · ')}
    </Text>
  );
}

/**
 * A matched or unmatched line's decision: first its counterparty when the statement's INN found none, then
 * what becomes of the payment. Each choice says what it does: linking to the bill found or another one,
 * importing it as an advance without a bill, or leaving the line out of the import.
 */
export function StatementLineDecision({
  line,
  choice,
  onChange,
}: {
  line: StatementLine;
  choice: LineChoice;
  onChange(choice: LineChoice): void;
}) {
  const { t } = useTranslation('finance');
  const set = (patch: Partial<LineChoice>) => onChange({ ...choice, ...patch });
  const unknown = line.counterpartyId === null;
  // Bills to link are the counterparty's: the line's, or the one picked (a new one has none yet).
  const counterpartyId = unknown
    ? choice.party === 'pick'
      ? choice.counterpartyId
      : undefined
    : line.counterpartyId;
  const linkable = counterpartyId !== undefined && counterpartyId !== null;
  const actions = [
    line.billId
      ? { value: 'keep', label: t('statement.actions.keepLinked', { number: line.billNumber }) }
      : { value: 'keep', label: t('statement.actions.advance') },
    ...(linkable
      ? [{ value: 'link', label: t(line.billId ? 'statement.actions.linkOther' : 'statement.actions.link') }]
      : []),
    ...(line.billId ? [{ value: 'unlinked', label: t('statement.actions.advance') }] : []),
    { value: 'skip', label: t('statement.actions.skip') },
  ];
  const action = actions.some((a) => a.value === choice.action) ? choice.action : 'keep';
  return (
    <Stack gap={6} miw={260}>
      {unknown && (
        <>
          <Select
            size="xs"
            label={t('statement.counterparty')}
            value={choice.party}
            allowDeselect={false}
            data={[
              { value: 'none', label: t('statement.party.none') },
              { value: 'create', label: t('statement.party.create') },
              { value: 'pick', label: t('statement.party.pick') },
            ]}
            onChange={(party) =>
              set({
                party: party as LineChoice['party'],
                counterpartyId: undefined,
                billId: undefined,
                name: party === 'create' ? (choice.name ?? line.party.name) : choice.name,
              })
            }
            data-testid={`statement-party-choice-${line.line}`}
          />
          {choice.party === 'create' && (
            <>
              <TextInput
                size="xs"
                label={t('statement.newName')}
                value={choice.name ?? line.party.name}
                onChange={(event) => set({ name: event.currentTarget.value })}
                data-testid={`statement-party-name-${line.line}`}
              />
              <PartyDetails line={line} />
            </>
          )}
          {choice.party === 'pick' && (
            <LazySelect
              size="xs"
              label={t('statement.pickCounterparty')}
              url="/counterparties"
              labelField="name"
              value={choice.counterpartyId ?? null}
              onChange={(id) => set({ counterpartyId: (id as number) ?? undefined, billId: undefined })}
              id={`statement-counterparty-${line.line}`}
            />
          )}
        </>
      )}
      <Select
        size="xs"
        label={t('statement.payment')}
        value={action}
        allowDeselect={false}
        data={actions}
        onChange={(value) => set({ action: value as LineChoice['action'], billId: undefined })}
        data-testid={`statement-action-${line.line}`}
      />
      {action === 'link' && linkable && (
        <LazySelect
          size="xs"
          label={t('payments.bill')}
          url="/finances/bills"
          labelField="number"
          value={choice.billId ?? null}
          query={{ counterpartyId }}
          onChange={(billId) => set({ billId: (billId as number) ?? undefined })}
          id={`statement-bill-${line.line}`}
        />
      )}
      {unknown && choice.party === 'create' && (
        <Text size="xs" c="dimmed">
          {t('statement.newHasNoBills')}
        </Text>
      )}
    </Stack>
  );
}
