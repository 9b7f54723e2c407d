import { expect, type Page } from '@playwright/test';

export const ADMIN = {
  username: process.env.E2E_ADMIN_USERNAME ?? 'admin',
  password: process.env.E2E_ADMIN_PASSWORD ?? '',
};

/**
 * Signs in through the API and stores the session the way the app does, then opens `path`. The user's
 * locale is pinned to `language` in the system answer (unless `realLocale`), so a test that switches the
 * shared administrator's language does not change what parallel tests read.
 */
export async function signIn(
  page: Page,
  path = '/dashboard',
  language: 'ru' | 'en' = 'ru',
  { realLocale = false } = {},
) {
  if (!realLocale) {
    await patchSystem(page, (data) => {
      (data.user as { locale: string }).locale = language === 'en' ? 'en-US' : 'ru-RU';
    });
  }
  const response = await page.request.post('/api/auth/login', { data: ADMIN });
  expect(response.ok(), await response.text()).toBe(true);
  const { data } = (await response.json()) as { data: { token: string; tokenExpire: number } };
  await page.addInitScript(
    ([auth, lang]) => {
      if (!sessionStorage.getItem('e2e.seeded')) {
        sessionStorage.setItem('e2e.seeded', '1');
        localStorage.setItem('tms.auth', auth);
        localStorage.setItem('tms.language', lang);
      }
    },
    [
      JSON.stringify({
        token: data.token,
        tokenExpire: data.tokenExpire,
        legacyToken: null,
        lastRefresh: Date.now(),
      }),
      language,
    ] as const,
  );
  await page.goto(path);
  // Attached, not visible: a modal (the forced password change) may cover the header.
  await expect(page.getByTestId('user-menu')).toBeAttached();
  return data.token;
}

const systemChanges = new WeakMap<Page, ((data: Record<string, unknown>) => void)[]>();

/** Answers the system call with a changed copy of the real answer; changes add up. */
export async function patchSystem(page: Page, change: (data: Record<string, unknown>) => void) {
  const changes = systemChanges.get(page);
  if (changes) {
    changes.push(change);
    return;
  }
  systemChanges.set(page, [change]);
  await page.route('**/api/system', async (route) => {
    try {
      const response = await route.fetch();
      if (!response.ok()) return route.fulfill({ response });
      const body = (await response.json()) as { data: Record<string, unknown> };
      for (const apply of systemChanges.get(page) ?? []) apply(body.data);
      await route.fulfill({ response, json: body });
    } catch (error) {
      // A reload while the call was on its way drops it (and its response): nobody waits for this answer.
      if (/disposed|closed|already handled/i.test(String(error))) return;
      throw error;
    }
  });
}
