import { Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { CabinetApiKey, CabinetApiKeyCreate, CabinetApiKeyIssued, CabinetMe } from '@tms/domain';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiKeyDoors, CabinetApiKeys } from './CabinetApiKeys';
import { cabinetMeKey } from './CabinetShell';
import { CABINET_CLIENTS } from './cabinetApi';

const pcc = CABINET_CLIENTS.client;

/** His own keys, through his cabinet's door (`/pcc/me/api-keys`). */
const OWN_KEYS: ApiKeyDoors = {
  list: () => pcc.get<CabinetApiKey[]>('/pcc/me/api-keys'),
  issue: (body: CabinetApiKeyCreate) => pcc.post<CabinetApiKeyIssued>('/pcc/me/api-keys', body),
  revoke: (id: number) => pcc.delete(`/pcc/me/api-keys/${id}`),
};

/** `/pcc/api-keys`: the signed-in user's own API keys, for his company's systems to act as him. */
export function PccApiKeysScreen() {
  const { t } = useTranslation('cabinets');
  const me = useQuery({
    queryKey: cabinetMeKey('client'),
    queryFn: () => pcc.get<CabinetMe>('/pcc/me'),
  });
  useEffect(() => {
    document.title = `${t('apiKeys.title')} — ${t('pcc.name')}`;
  });
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {t('apiKeys.title')}
      </Title>
      {me.data && (
        <CabinetApiKeys
          doors={OWN_KEYS}
          queryKey={['pcc', 'me', 'api-keys']}
          roles={me.data.roles}
          canEdit={me.data.user !== null}
        />
      )}
    </Stack>
  );
}
