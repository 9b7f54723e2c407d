import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useRouteError } from 'react-router';
import { isChunkLoadError, takeReloadAttempt } from './routeErrorLogic';

/**
 * What a route shows when its screen fails: after a redeploy the screen's code may be gone (a failed chunk
 * load), which one reload fixes, so it reloads once by itself and then offers the reload; any other error
 * is a translated message with a way back. Never React Router's raw error page.
 */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const stale = isChunkLoadError(error);
  // Decided once per error screen: a re-render must not spend (or repeat) the one automatic reload.
  const [reloading] = useState(() => stale && takeReloadAttempt(sessionStorage, pathname));

  useEffect(() => {
    if (reloading) window.location.reload();
    else console.error(error);
  }, [reloading, error]);

  if (reloading) return null;
  return (
    <Center mih="60dvh" p="lg">
      <Stack align="center" gap="sm" maw={480} role="alert" data-testid="route-error">
        <IconAlertTriangle size={40} stroke={1.5} aria-hidden />
        <Title order={2} ta="center">
          {stale ? t('routeError.staleTitle') : t('routeError.title')}
        </Title>
        <Text c="dimmed" ta="center">
          {stale ? t('routeError.staleText') : t('routeError.text')}
        </Text>
        <Group>
          <Button leftSection={<IconRefresh size={16} />} onClick={() => window.location.reload()}>
            {t('routeError.reload')}
          </Button>
          {!stale && (
            <Button variant="default" onClick={() => navigate(-1)}>
              {t('routeError.back')}
            </Button>
          )}
          <Button variant="subtle" onClick={() => window.location.assign('/dashboard')}>
            {t('routeError.home')}
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}
