import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

export const WEB_DIST = path.resolve(import.meta.dirname, '../apps/web/dist');
/** What a list screen's data rows carry (the generated resource screens); the order list keeps it. */
export const ROW_SELECTOR = '[data-testid="resource-row"]';

export interface Chunk {
  file: string;
  bytes: number;
  gzip: number;
  /** Loaded by index.html itself (entry, modulepreload, stylesheet) rather than on demand. */
  initial: boolean;
}

export interface ChunkReport {
  chunks: Chunk[];
  initialGzip: number;
  totalGzip: number;
}

export interface FirstRowsReport {
  screen: string;
  /** ms from navigation start to the first row in the DOM, each in a fresh browser context (empty cache). */
  cold: number[];
  /** The same after a reload in that context (assets cached). */
  warm: number[];
  coldMedian: number | null;
  warmMedian: number | null;
  /** Why no measurement was made, when none was. */
  error?: string;
}

export function ensureWebBuild(force: boolean): void {
  if (!force && existsSync(path.join(WEB_DIST, 'index.html'))) return;
  console.log('building apps/web ...');
  const result = spawnSync('npm', ['run', 'build', '-w', '@tms/web'], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('npm run build -w @tms/web failed');
}

/**
 * A private copy of the build, served and measured for the whole run: other work on the machine may
 * rebuild apps/web/dist meanwhile, and a half-written build must not be what the browser loads.
 */
export function snapshotWebBuild(): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'tms-bench-web-'));
  cpSync(WEB_DIST, dir, { recursive: true });
  if (!existsSync(path.join(dir, 'index.html'))) throw new Error(`${WEB_DIST} holds no index.html`);
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export function chunkSizes(dist: string): ChunkReport {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const initial = new Set([...html.matchAll(/(?:src|href)="\/assets\/([^"]+)"/g)].map((m) => m[1]!));
  const assets = path.join(dist, 'assets');
  const chunks = readdirSync(assets)
    .filter((file) => /\.(js|css)$/.test(file))
    .map((file) => {
      const content = readFileSync(path.join(assets, file));
      return { file, bytes: content.length, gzip: gzipSync(content).length, initial: initial.has(file) };
    })
    .sort((a, b) => b.gzip - a.gzip);
  const sum = (list: Chunk[]) => list.reduce((n, c) => n + c.gzip, 0);
  return { chunks, initialGzip: sum(chunks.filter((c) => c.initial)), totalGzip: sum(chunks) };
}

/**
 * The browser the browser tests use (e2e/run.mjs): Chromium's own headless build when installed (what
 * Playwright ships for headless runs, docs/decisions/006-headless-shell.md), else the full browser headless.
 */
export function chromiumPath(): string {
  const found = [process.env.CHROMIUM_PATH, '/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find(
    (p) => p && existsSync(p),
  );
  if (!found) throw new Error('Chromium not found (CHROMIUM_PATH or /usr/bin/chromium); run with --no-web');
  return found;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
};

/**
 * Opens `screen` signed in (the token stored the way the web app keeps it) and records, inside the page,
 * when the first data row enters the DOM, relative to the navigation's start.
 */
export async function firstRows(
  baseUrl: string,
  auth: { token: string; tokenExpire: number },
  screen: string,
  runs: number,
): Promise<FirstRowsReport> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), headless: true });
  const cold: number[] = [];
  const warm: number[] = [];
  try {
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext({ baseURL: baseUrl, locale: 'ru-RU' });
      await context.addInitScript(
        ([stored, selector]) => {
          localStorage.setItem('tms.auth', stored);
          localStorage.setItem('tms.language', 'ru');
          const w = window as unknown as { __firstRows?: number };
          const observer = new MutationObserver(() => {
            if (w.__firstRows === undefined && document.querySelector(selector)) {
              w.__firstRows = performance.now();
              observer.disconnect();
            }
          });
          observer.observe(document, { childList: true, subtree: true });
        },
        [JSON.stringify({ ...auth, legacyToken: null, lastRefresh: Date.now() }), ROW_SELECTOR] as const,
      );
      const page = await context.newPage();
      const measure = async () => {
        try {
          await page.locator(ROW_SELECTOR).first().waitFor({ timeout: 30_000 });
        } catch {
          const body = await page
            .locator('body')
            .textContent()
            .catch(() => null);
          const text = (body ?? '').replace(/\s+/g, ' ').slice(0, 300);
          throw new Error(
            `no row of ${screen} appeared within 30 s; the page at ${page.url()} shows: ${text}`,
          );
        }
        return Math.round(
          await page.evaluate(() => (window as unknown as { __firstRows: number }).__firstRows),
        );
      };
      await page.goto(screen);
      cold.push(await measure());
      await page.reload();
      warm.push(await measure());
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return { screen, cold, warm, coldMedian: median(cold), warmMedian: median(warm) };
}
