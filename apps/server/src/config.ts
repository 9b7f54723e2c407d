import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_WORKER_OPTIONS } from './platform/workers/pool';

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /** A streaming replica of the database that lists, exports and reports read from (PostgreSQL only). */
  databaseReadUrl: string | undefined;
  /** After a user's write, their reads stay on the primary this long (ms), however far the replica lags. */
  readYourWritesMs: number;
  dataDir: string;
  secretKey: string;
  adminUsername: string;
  adminPassword: string | undefined;
  demoData: boolean;
  logLevel: string;
  /** Addresses of proxies whose X-Forwarded-For is believed (comma-separated IPs or CIDRs). */
  trustProxy: string | undefined;
  /**
   * How long a resolved session is kept (ms) before it is read again; every change to users, groups,
   * sessions or offices drops it at once on every instance. 0: read on every request.
   */
  authCacheMs: number;
  /** Lifetime of an access token, seconds. */
  tokenTtl: number;
  /** Where the built web app lives; unset in API-only tests. */
  webDir: string | undefined;
  /** Scheduled jobs (archiver, cleanup) run in this instance only when enabled; tests drive them by hand. */
  schedulerEnabled: boolean;
  /** How many background jobs this instance runs at once; 0: it runs none (other instances do). */
  jobConcurrency: number;
  /**
   * This instance delivers domain events to the modules' subscribers (real time, notifications); at least
   * one instance must. Tests deliver by hand (`app.events.drain()`).
   */
  eventDispatcher: boolean;
  /** Exports prepared in the background are removed, with their files, this many days after they ended. */
  preparedExportDays?: number;
  /** Delivered domain events are removed this many days after they happened. */
  eventRetentionDays: number;
  /**
   * Origins besides the server's own whose pages may open the real-time connection (`Origin` of the
   * WebSocket handshake), e.g. a web app served from another host.
   */
  allowedOrigins: string[];
  /** How often open real-time connections are checked again (ended sessions, revoked keys), ms. */
  realtimeCheckMs: number;
  /**
   * Strict-Transport-Security on every response (the server is only reached over TLS); without it, only
   * responses to requests that came over TLS carry it.
   */
  hsts: boolean;
  /** The Bank of Russia's daily rates address (`XML_daily.asp`); unset, the server never fetches rates. */
  cbrRatesUrl?: string;
  /** Честный ЗНАК's address (СУЗ and True API) and token; unset, marking calls wait, failed, visible. */
  markingApiUrl?: string;
  markingApiToken?: string;
  /** The SMTP server notifications are mailed through; unset, nothing is mailed. */
  smtp?: SmtpConfig;
  /** A user gets at most one digest mail of notifications this often, minutes. */
  mailDigestMinutes: number;
  /** The address users open the app at (`https://tms.example.com`): mailed links point there. */
  publicUrl?: string;
  /** Worker threads for CPU-heavy work (documents, PDFs, exports, import files); default: cores less one. */
  workerThreads: number;
  /** Longest run of one such task, ms; past it the task is stopped ("took too long"). */
  workerTaskTimeoutMs: number;
  /** Heap of one worker thread, MB; a task needing more is stopped ("needs more memory"). */
  workerMemoryMb: number;
}

export interface SmtpConfig {
  host: string;
  port: number;
  /** TLS from the first byte (port 465); otherwise STARTTLS when the server offers it. */
  secure: boolean;
  user?: string;
  password?: string;
  /** The sender of the mails (`TMS <tms@example.com>`). */
  from: string;
}

/** `SMTP_HOST` and `SMTP_FROM` turn mail on; the rest have the usual defaults. */
function smtp(env: NodeJS.ProcessEnv): SmtpConfig | undefined {
  if (!env.SMTP_HOST) return undefined;
  if (!env.SMTP_FROM) throw new Error('SMTP_FROM: the sender address is required with SMTP_HOST');
  const secure = bool(env.SMTP_SECURE, env.SMTP_PORT === '465');
  return {
    host: env.SMTP_HOST,
    port: Number(env.SMTP_PORT || (secure ? 465 : 587)),
    secure,
    user: env.SMTP_USER || undefined,
    password: env.SMTP_PASSWORD || undefined,
    from: env.SMTP_FROM,
  };
}

function bool(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());
}

function nonNegativeInteger(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0) throw new Error(`${name}: "${value}" is not a whole number`);
  return number;
}

/** The signing key: SECRET_KEY, else one generated on first start and kept in DATA_DIR. */
function secretKey(env: NodeJS.ProcessEnv, dataDir: string): string {
  if (env.SECRET_KEY) return env.SECRET_KEY;
  const file = path.join(dataDir, 'secret.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(48).toString('base64url');
  writeFileSync(file, key, { mode: 0o600 });
  return key;
}

/** `ALLOWED_ORIGINS`: comma-separated origins (`https://tms.example.com`); a malformed one stops the start. */
function origins(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const origin = URL.canParse(entry) ? new URL(entry).origin : 'null';
      if (origin === 'null') throw new Error(`ALLOWED_ORIGINS: "${entry}" is not an origin`);
      return origin;
    });
}

/** A whole number above zero, or the default when unset; anything else stops the start. */
function positive(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  if (!/^\d+$/.test(value) || Number(value) < 1)
    throw new Error(`${name}: "${value}" is not a whole number above 0`);
  return Number(value);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR || './data');
  const databaseUrl = env.DATABASE_URL || undefined;
  return {
    port: Number(env.PORT || 3000),
    host: env.HOST || '127.0.0.1',
    databaseUrl,
    databaseReadUrl: (databaseUrl && env.DATABASE_READ_URL) || undefined,
    readYourWritesMs: Number(env.READ_YOUR_WRITES_MS || 10_000),
    dataDir,
    secretKey: secretKey(env, dataDir),
    adminUsername: env.ADMIN_USERNAME || 'admin',
    adminPassword: env.ADMIN_PASSWORD || undefined,
    demoData: bool(env.DEMO_DATA, !databaseUrl),
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: env.TRUST_PROXY || undefined,
    tokenTtl: Number(env.TOKEN_TTL || 3600),
    authCacheMs: Number(env.AUTH_CACHE_MS ?? 5000),
    webDir: env.WEB_DIR ?? path.resolve(import.meta.dirname, '../../web/dist'),
    schedulerEnabled: bool(env.SCHEDULER, true),
    jobConcurrency: nonNegativeInteger('JOB_CONCURRENCY', env.JOB_CONCURRENCY, 2),
    eventDispatcher: bool(env.EVENT_DISPATCHER, true),
    eventRetentionDays: Number(env.EVENT_RETENTION_DAYS || 30),
    preparedExportDays: positive(env, 'PREPARED_EXPORT_DAYS', 7),
    allowedOrigins: origins(env.ALLOWED_ORIGINS),
    realtimeCheckMs: Number(env.REALTIME_CHECK_MS || 5000),
    hsts: bool(env.HSTS, false),
    cbrRatesUrl: env.CBR_RATES_URL || undefined,
    markingApiUrl: env.MARKING_API_URL || undefined,
    markingApiToken: env.MARKING_API_TOKEN || undefined,
    smtp: smtp(env),
    mailDigestMinutes: Number(env.MAIL_DIGEST_MINUTES || 15),
    publicUrl: env.PUBLIC_URL?.replace(/\/+$/, '') || undefined,
    workerThreads: positive(env, 'WORKER_THREADS', DEFAULT_WORKER_OPTIONS.threads),
    workerTaskTimeoutMs: positive(env, 'WORKER_TASK_TIMEOUT_MS', DEFAULT_WORKER_OPTIONS.taskTimeoutMs),
    workerMemoryMb: positive(env, 'WORKER_MEMORY_MB', DEFAULT_WORKER_OPTIONS.memoryMb),
  };
}
