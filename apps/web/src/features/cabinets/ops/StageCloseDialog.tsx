import { Alert, Button, FileInput, Modal } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OpsStage } from '@tms/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFailure } from '../CabinetKit';
import { StageCloseForm } from '../StageCloseForm';
import { ops } from './opsKit';

/**
 * Closing a stage of his job: the date it was reached (today unless he says otherwise, never later) and,
 * if he has it, a document (a CMR, a photo) that joins the job's documents once the stage is closed.
 */
export function StageCloseDialog({
  jobId,
  stage,
  onClose,
}: {
  jobId: number;
  stage: OpsStage | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('cabinets');
  return (
    <Modal opened={stage !== null} onClose={onClose} title={t('ops.stages.closeTitle')}>
      {/* Each opened stage starts empty. */}
      {stage && <CloseForm key={stage.id} jobId={jobId} stage={stage} onClose={onClose} />}
    </Modal>
  );
}

function CloseForm({ jobId, stage, onClose }: { jobId: number; stage: OpsStage; onClose: () => void }) {
  const { t } = useTranslation('cabinets');
  const client = useQueryClient();
  const { failure, fail, clear } = useFailure();
  const [file, setFile] = useState<File | null>(null);
  const close = useMutation({
    mutationFn: async (actualDate: string) => {
      await ops.post(`/ops/jobs/${jobId}/stages/${stage.id}/close`, { actualDate, version: stage.version });
      if (file) await ops.upload(`/ops/jobs/${jobId}/files`, file);
    },
    onSettled: () => client.invalidateQueries({ queryKey: ['ops', 'job', jobId] }),
    onSuccess: () => {
      clear();
      onClose();
    },
    onError: fail,
  });
  return (
    <StageCloseForm
      stage={stage}
      onClose={(actualDate) => close.mutate(actualDate)}
      pending={close.isPending}
      failure={
        failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )
      }
      labels={{
        date: t('ops.stages.actualDate'),
        dateHint: t('ops.stages.actualDateHint'),
        submit: t('ops.stages.close'),
      }}
      cancel={
        <Button variant="default" onClick={onClose}>
          {t('pcc.cancel')}
        </Button>
      }
      testIds={{ date: 'ops-stage-date', submit: 'ops-stage-submit' }}
    >
      <FileInput
        value={file}
        onChange={setFile}
        clearable
        leftSection={<IconPaperclip size={16} />}
        label={t('ops.stages.document')}
        description={t('pcc.orders.uploadHint')}
        placeholder={t('ops.stages.documentPlaceholder')}
      />
    </StageCloseForm>
  );
}
