import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import type { App } from '../../src/platform/http/types';
import { loopCpu } from '../../src/test/loop-cpu';

/**
 * A thread of its own that plays both other users and the attacker, so the server's thread does nothing but
 * serve: it asks for `/api/health` every 100 ms, sends the attack once three checks have answered, and stops
 * asking once the attack has its answer and the measure's window is over. It tells the server's thread when
 * the measure starts and ends.
 */
const CLIENT = `
const { parentPort, workerData } = require('node:worker_threads');
const { health, attack } = workerData;
let done = false;
const checks = [];
let resolveReady;
const ready = new Promise((resolve) => { resolveReady = resolve; });
const polling = (async () => {
  const start = Date.now();
  for (let i = 0; !done; i++) {
    const wait = start + i * 100 - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const sentAt = Date.now();
    const response = await fetch(health).catch(() => null);
    if (response) await response.text();
    checks.push({ sentAt, status: response ? response.status : 0 });
    if (checks.length === 3) resolveReady();
  }
})();
(async () => {
  await ready;
  parentPort.postMessage({ started: true });
  const startedAt = Date.now();
  const from = checks.length;
  const response = await fetch(attack.url, {
    method: attack.method,
    headers: attack.headers,
    body: attack.body,
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  // The window goes on until enough checks were sent since the attack began: a short attack's own work is
  // then a small share of it, while a loop the attack blocked spends most of it.
  while (checks.length - from < workerData.windowChecks) await new Promise((resolve) => setTimeout(resolve, 20));
  done = true;
  parentPort.postMessage({ ended: true });
  await polling;
  parentPort.postMessage({
    status: response.status,
    size: bytes.length,
    text: bytes.length <= 65536 ? bytes.toString('utf8') : '',
    checks: checks.filter((c) => c.sentAt >= startedAt),
  });
})().catch((error) => parentPort.postMessage({ error: String(error) }));
`;

/** Health checks (every 100 ms) the measure lasts at least, from the attack's start: two seconds. */
const WINDOW_CHECKS = 20;

export interface HeavyRequest {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
}

export interface Stall {
  status: number;
  /** The answer's size in bytes, and its text when it is small (an error's JSON). */
  size: number;
  text: string;
  /**
   * CPU seconds the server's thread (its loop) used from the attack's start until it was answered and at
   * least two seconds of health checks were sent: a loop the attack blocks spends all of them on it.
   */
  loopCpu: number;
  /** The health checks sent since the attack began, and those that did not answer 200. */
  healthChecks: number;
  failedHealthChecks: number;
}

/**
 * Sends `request` to the listening `app` while other users ask `/api/health` every 100 ms, both from another
 * thread, and tells how much CPU the server's loop spent meanwhile (at least two seconds from the attack's
 * start): whether the others were kept waiting is read from the loop's own CPU time (`loopCpu`).
 */
export async function duringHealthChecks(app: App, request: HeavyRequest): Promise<Stall> {
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const client = new Worker(CLIENT, {
    eval: true,
    workerData: {
      health: `${base}/api/health`,
      attack: {
        url: `${base}${request.path}`,
        method: request.method,
        headers: request.headers ?? {},
        body: typeof request.body === 'string' ? request.body : request.body && new Uint8Array(request.body),
      },
      windowChecks: WINDOW_CHECKS,
    },
  });
  try {
    let cpuBefore = 0;
    let cpu = 0;
    const answer = await new Promise<
      Omit<Stall, 'loopCpu' | 'healthChecks' | 'failedHealthChecks'> & {
        checks: { status: number }[];
      }
    >((resolve, reject) => {
      client.on('message', (message) => {
        if (message.started) cpuBefore = loopCpu();
        else if (message.ended) cpu = loopCpu() - cpuBefore;
        else if (message.error) reject(new Error(message.error));
        else resolve(message);
      });
      client.on('error', reject);
    });
    return {
      status: answer.status,
      size: answer.size,
      text: answer.text,
      loopCpu: cpu,
      healthChecks: answer.checks.length,
      failedHealthChecks: answer.checks.filter((c) => c.status !== 200).length,
    };
  } finally {
    await client.terminate();
  }
}
