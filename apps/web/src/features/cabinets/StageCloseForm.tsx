import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconFlagCheck } from '@tabler/icons-react';
import type { CabinetStage } from '@tms/domain';
import { type FormEvent, type ReactNode, useState } from 'react';
import { today } from './CabinetKit';

/**
 * Closing a stage of a job from a cabinet: the contractor's portal in a dialog, the carrier's cabinet on a
 * card made for a phone in a cab (`phone`: larger inputs, one big button, the stage under a caption). The
 * date it was reached is today unless he says otherwise, never later; `children` are the fields a cabinet
 * adds (a document), `cancel` its way out. The cabinet posts the close with the date (`onClose`).
 */
export function StageCloseForm({
  stage,
  onClose,
  pending,
  failure,
  phone = false,
  labels,
  cancel,
  children,
  testIds,
}: {
  stage: CabinetStage;
  onClose: (actualDate: string) => void;
  pending: boolean;
  failure: ReactNode;
  phone?: boolean;
  labels: { date: string; dateHint?: string; submit: string; caption?: string };
  cancel?: ReactNode;
  children?: ReactNode;
  testIds: { date: string; submit: string; name?: string };
}) {
  const [date, setDate] = useState(today);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onClose(date || today());
  };
  const button = (
    <Button
      type="submit"
      loading={pending}
      data-testid={testIds.submit}
      {...(phone ? { size: 'xl', fullWidth: true, leftSection: <IconFlagCheck size={24} /> } : {})}
    >
      {labels.submit}
    </Button>
  );
  return (
    <form onSubmit={submit}>
      <Stack gap={phone ? 'sm' : 'md'}>
        {phone ? (
          <div>
            <Text size="sm" c="dimmed">
              {labels.caption}
            </Text>
            <Title order={3} size="h4" data-testid={testIds.name}>
              {stage.name}
            </Title>
          </div>
        ) : null}
        {failure}
        {phone ? null : <Text fw={600}>{stage.name}</Text>}
        <TextInput
          name="actualDate"
          type="date"
          size={phone ? 'md' : 'sm'}
          required
          max={today()}
          value={date}
          onChange={(event) => setDate(event.currentTarget.value)}
          label={labels.date}
          description={labels.dateHint}
          data-autofocus={phone ? undefined : true}
          data-testid={testIds.date}
        />
        {children}
        {phone ? (
          button
        ) : (
          <Group justify="flex-end">
            {cancel}
            {button}
          </Group>
        )}
      </Stack>
    </form>
  );
}
