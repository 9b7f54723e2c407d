import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, test as base, expect, type Locator, type Page } from '@playwright/test';

export const ADMIN = {
  username: process.env.E2E_ADMIN_USERNAME ?? 'admin',
  password: process.env.E2E_ADMIN_PASSWORD ?? '',
};

/** A forwarder of the demo data (the e2e server runs with it): office orders, no settings or customs lists. */
export const FORWARDER = { username: 'ivanov', password: 'Demo12345' };

/**
 * Playwright's `test` with two automatic fixtures. A page that logged a Content-Security-Policy violation
 * (an inline script or style, a foreign source the policy refuses) fails its test, so the browser tests
 * prove that the app works under the server's CSP. And every page records the messages its snackbar
 * showed, so `expectSnackbar` sees a message that came and went while the test runner was busy.
 */
export const test = base.extend<
  { contentSecurityPolicy: undefined; snackbarLog: undefined },
  { serverReady: undefined }
>({
  // `e2e/run.mjs` starts Playwright while the server still migrates and seeds the demo: each worker loads its
  // tests and launches its browser meanwhile, then waits here until the server answers. The run stops
  // Playwright if the server exits; the timeout guards a server that never starts (the first start
  // took over two minutes on a loaded two-core machine).
  serverReady: [
    async ({ browser: _launched }, use) => {
      const health = new URL('/api/health', process.env.E2E_BASE_URL).href;
      await expect
        .poll(
          () =>
            fetch(health).then(
              (r) => r.ok,
              () => false,
            ),
          {
            timeout: 290_000,
            intervals: [300],
            message: 'the server answers /api/health',
          },
        )
        .toBe(true);
      await use(undefined);
    },
    { scope: 'worker', auto: true, timeout: 300_000 },
  ],
  contentSecurityPolicy: [
    async ({ page }, use) => {
      const violations: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
      });
      await use(undefined);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
  snackbarLog: [
    async ({ context }, use) => {
      await context.addInitScript(() => {
        const shown: string[] = [];
        const texts = new WeakMap<Element, string>();
        (window as unknown as { __snackbars: string[] }).__snackbars = shown;
        new MutationObserver(() => {
          for (const element of document.querySelectorAll('[data-testid="snackbar"]')) {
            const text = element.textContent?.trim() ?? '';
            if (text && texts.get(element) !== text) {
              texts.set(element, text);
              shown.push(text);
            }
          }
        }).observe(document, { childList: true, subtree: true, characterData: true });
      });
      await use(undefined);
    },
    { auto: true },
  ],
});

/**
 * Waits until the page's snackbar has shown `text` (exactly) since the last message this matched, and
 * takes it off the record: two saves in a row need two "Saved". A save's answer can take a while on a
 * loaded machine, hence the long wait.
 */
/**
 * How often the helpers below look again: Playwright's default backs off to a second, so a save answered in
 * 1.1 s was seen at 2 s; a look is one small evaluate in the page.
 */
const POLL_INTERVALS = [50, 100, 200];

export async function expectSnackbar(page: Page, text: string, { timeout = 20_000 } = {}) {
  await expect
    .poll(
      () =>
        page.evaluate((wanted) => {
          const shown = (window as unknown as { __snackbars?: string[] }).__snackbars ?? [];
          const index = shown.indexOf(wanted);
          if (index < 0) return shown;
          shown.splice(0, index + 1);
          return wanted;
        }, text),
      { timeout, intervals: POLL_INTERVALS, message: `the snackbar shows "${text}"` },
    )
    .toBe(text);
}

/**
 * Signs in through the API and stores the session the way the app does, then opens `path`. The user's
 * locale is pinned to `language` in the system answer (unless `realLocale`), so a test that switches the
 * shared administrator's language does not change what parallel tests read. The administrator signs in
 * unless `user` names another.
 */
export async function signIn(
  page: Page,
  path = '/dashboard',
  language: 'ru' | 'en' = 'ru',
  { realLocale = false, user = ADMIN } = {},
) {
  if (!realLocale) await pinLocale(page, language === 'en' ? 'en-US' : 'ru-RU');
  const response = await page.request.post('/api/auth/login', { data: user });
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
  // Attached, not visible: a modal (the forced password change) may cover the header. The app's first load
  // compiles its code, which a loaded machine took more than the usual 10 s to do.
  await expect(page.getByTestId('user-menu')).toBeAttached({ timeout: 30_000 });
  return data.token;
}

/**
 * Answers the system call with the user's locale set to `locale`, inside the page: routing the call through
 * Playwright (`patchSystem`) turns the browser's cache off, and every page load then fetched and compiled
 * the app's code again (a third more time per navigation).
 */
async function pinLocale(page: Page, locale: string) {
  await page.addInitScript((pinned) => {
    const original = window.fetch.bind(window);
    window.fetch = async (input, init) => {
      const response = await original(input, init);
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (!response.ok || !new URL(url, location.href).pathname.endsWith('/api/system')) return response;
      const body = await response.json();
      body.data.user.locale = pinned;
      return new Response(JSON.stringify(body), {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      });
    };
  }, locale);
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

/** A call of the API as the signed-in user, answering the response's `data`; a refusal fails the test. */
export type Api = (
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  body?: unknown,
) => Promise<Record<string, unknown>>;

/** The API as the user of `token`. */
export function apiOf(page: Page, token: string): Api {
  return async (method, path, body) => {
    const response = await page.request.fetch(`/api${path}`, {
      method,
      data: body,
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(response.ok(), await response.text()).toBe(true);
    return ((await response.json()) as { data: Record<string, unknown> }).data;
  };
}

/**
 * A user the administrator (signed in with `adminToken`) creates through the API from `body` (the create
 * body without the password), ready to sign in with `password`. A password someone else chose must be
 * changed at the first sign-in, so he is created with a throwaway one and makes that first change himself,
 * as the forced-change dialog does. Answers the created user.
 */
export async function createUserReady(
  request: APIRequestContext,
  adminToken: string,
  body: Record<string, unknown> & { username: string },
  password: string,
): Promise<{ id: number; username: string }> {
  const temporary = `Temp-${randomBytes(6).toString('hex')}`;
  const created = await request.post('/api/settings/users', {
    headers: { authorization: `Bearer ${adminToken}` },
    data: { ...body, cleartextPassword: { first: temporary, second: temporary } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const user = ((await created.json()) as { data: { id: number; username: string } }).data;
  const login = await request.post('/api/auth/login', {
    data: { username: body.username, password: temporary },
  });
  expect(login.ok(), await login.text()).toBe(true);
  const { token } = ((await login.json()) as { data: { token: string } }).data;
  const changed = await request.post(`/api/users/${user.id}/password`, {
    headers: { authorization: `Bearer ${token}` },
    data: { cleartextPassword: { first: password, second: password } },
  });
  expect(changed.ok(), await changed.text()).toBe(true);
  return user;
}

/** A suffix unique to the run, so records a test creates never meet another test's or run's. */
export const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

/**
 * An order of a new client (outside Russia, so it needs no INN) on a new product, Moscow to Berlin, made
 * through the API; `client` and `cargo` add to what is sent. Answers its id and the suffix its names carry.
 */
export async function newOrder(
  api: Api,
  { client = {}, cargo = {} }: { client?: Record<string, unknown>; cargo?: Record<string, unknown> } = {},
) {
  const id = unique();
  const countries = (await api('GET', '/settings/countries?itemsPerPage=20')).collection as {
    id: number;
    name: string;
  }[];
  const country = countries.find((c) => c.name !== 'Российская Федерация')!;
  const owner = await api('POST', '/counterparties', {
    name: `Клиент ${id}`,
    client: true,
    countryId: country.id,
    ...client,
  });
  const product = await api('POST', '/tms/products', { code: `P${id}`, name: `Продукт ${id}` });
  const order = await api('POST', '/tms/orders', {
    clientId: owner.id,
    productId: product.id,
    route: [
      { kind: 'dispatch', address: 'Москва, Тверская 1', countryId: country.id },
      { kind: 'delivery', address: 'Berlin, Unter den Linden 1', countryId: country.id },
    ],
    cargo: { description: 'Станки', ...cargo },
  });
  return { id: order.id as number, unique: id };
}

export const snackbar = (page: Page) => page.getByTestId('snackbar');

/**
 * A screenshot of the screen, for people (docs/screens, a look at a change), taken only when E2E_SCREENSHOTS
 * names a directory: a full-page picture costs the browser a second of work no assertion reads.
 */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}) {
  const dir = process.env.E2E_SCREENSHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage });
}

/** A save's answer can take a while on a loaded machine; the snackbar then stays 3 s. */
export const SAVE_TIMEOUT = { timeout: 20_000 };

/**
 * Enter on a list row opens its record. Back on a list, the list still refreshes and may draw its rows
 * anew, the focus going with the old row: focusing and pressing are tried again until the record opens.
 */
export async function openRowByEnter(page: Page, row: Locator, url: RegExp) {
  await expect(async () => {
    await row.press('Enter');
    await expect(page).toHaveURL(url, { timeout: 2_000 });
  }).toPass(SAVE_TIMEOUT);
}

/**
 * Chooses a record in a lazy select by typing part of its label. The input is brought to the middle of
 * the screen first: a dropdown that opens below an input near the bottom edge would have its option
 * scrolled to, which hides the dropdown of an input scrolled away.
 */
export async function choose(page: Page, inputId: string, label: string) {
  const input = page.locator(`#${inputId}`);
  await input.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await input.click();
  await input.fill(label);
  await page.getByRole('option', { name: label, exact: true }).first().click();
}

/**
 * Stops the page's clock (installed with `page.clock.install()`): from here on only `runFor` moves its
 * timers. The clock runs on while the call travels, so it stops a moment ahead (at most 2 s).
 */
export async function pauseClock(page: Page) {
  for (const margin of [250, 1000, 2000]) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + margin);
      return;
    } catch (error) {
      if (!String(error).includes('to the past') || margin === 2000) throw error;
    }
  }
}

/** Moves a paused clock on in half-second steps until `done` (at most two minutes of the page's time). */
export async function runClockUntil(page: Page, done: () => boolean | Promise<boolean>) {
  for (let step = 0; step < 240 && !(await done()); step++) await page.clock.runFor(500);
  expect(await done()).toBe(true);
}

/** Holds a hold-to-confirm button until it confirms (its progress reaches 100, or it goes away). */
export async function hold(page: Page, testId: string) {
  await page.getByTestId(testId).hover();
  await page.mouse.down();
  await expect
    .poll(
      () =>
        page.evaluate((id) => {
          const button = document.querySelector(`[data-testid="${id}"]`);
          return !button || button.getAttribute('data-progress') === '100';
        }, testId),
      { intervals: POLL_INTERVALS },
    )
    .toBe(true);
  await page.mouse.up();
}

/**
 * The serious and critical accessibility violations of the page (or of the part `within` selects). A
 * screen is scanned whole once; a later state of the same screen (a dialog opened, a tab switched, the
 * menu collapsed) scans only the part that changed (`main`, `[role="dialog"]`, ...).
 */
export async function seriousViolations(page: Page, within?: string) {
  // Colours are measured as shown: a button still fading in (a dialog's transition) reads as low contrast.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );
  // Run inside the page (legacy mode): the default runs each frame's part, then opens a new blank page (a new
  // renderer) to merge them, which cost more than the scan itself; the app has no frames to cross. Only
  // violations are worked out node by node (axe's `resultTypes`): the passes, which the test never reads,
  // were most of the scan's tail.
  const axe = new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] });
  const results = await (within ? axe.include(within) : axe).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`).join(', ')})`,
    );
}
