import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WmsReport, WmsReportedState } from '@tms/domain';
import { WMS_SIGNATURE_HEADER, type WmsAdviceMessage, wmsSignature } from './wms-adapter';

/** How the sandbox misbehaves, to prove the link survives it. */
export interface WmsFaults {
  /** Answers 503 to every request (the WMS is down). */
  down: boolean;
  /** Callbacks wait this long (sandbox time: `advance(ms)` lets them go). */
  delayMs: number;
  /** Callbacks are never sent (polling must find the state). */
  drop: boolean;
  /** Each callback is sent twice. */
  duplicate: boolean;
  /** Callbacks waiting together go out newest first. */
  outOfOrder: boolean;
}

/** Sends a signed callback; by default an HTTP POST to the advice's callback URL. */
export type CallbackSender = (url: string, body: string, signature: string) => Promise<void>;

interface SandboxAdvice {
  report: WmsReport;
  message: WmsAdviceMessage;
}

const httpSender: CallbackSender = async (url, body, signature) => {
  await fetch(url, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', [WMS_SIGNATURE_HEADER]: signature },
  });
};

/**
 * A small WMS for tests and the demo (docs: briefs §5): takes advices of acceptance and release,
 * idempotent on their `externalId`; the test moves them received → confirmed, partial, rejected or
 * cancelled, and each change goes to the advice's callback URL signed with its secret, through the fault
 * knobs. Its clock is its own (`advance`), so no test sleeps.
 */
export class WmsSandbox {
  readonly faults: WmsFaults = { down: false, delayMs: 0, drop: false, duplicate: false, outOfOrder: false };
  readonly advices = new Map<string, SandboxAdvice>();
  /** Requests the sandbox answered, by method and path (what the tests count). */
  readonly requests: string[] = [];
  private readonly byExternal = new Map<string, string>();
  private pending: { due: number; url: string; body: string; signature: string }[] = [];
  private now = 0;
  private server: Server | undefined;
  private seq = 0;

  constructor(private readonly send: CallbackSender = httpSender) {}

  /** Listens on a free port; answers the base URL. */
  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The advice sent for this stage, if any. */
  byStage(stageId: number): SandboxAdvice | undefined {
    const id = this.byExternal.get(String(stageId));
    return id ? this.advices.get(id) : undefined;
  }

  /** The warehouse moves the stage's advice on (places counted, refused, called off). */
  async move(
    stageId: number,
    state: WmsReportedState,
    extra: { actualPlaces?: number; reason?: string } = {},
  ): Promise<WmsReport> {
    const advice = this.byStage(stageId);
    if (!advice) throw new Error(`No advice for stage ${stageId}`);
    advice.report = {
      ...advice.report,
      state,
      version: advice.report.version + 1,
      actualPlaces: extra.actualPlaces ?? (state === 'confirmed' ? advice.message.places : null),
      reason: extra.reason ?? null,
    };
    this.notify(advice);
    await this.flush();
    return advice.report;
  }

  /** Lets the sandbox's clock run: the callbacks due by then go out. */
  async advance(ms: number): Promise<void> {
    this.now += ms;
    await this.flush();
  }

  private notify(advice: SandboxAdvice): void {
    const url = advice.message.callbackUrl;
    if (!url || this.faults.drop) return;
    const body = JSON.stringify(advice.report);
    const signature = wmsSignature(advice.message.callbackSecret, body);
    const copies = this.faults.duplicate ? 2 : 1;
    for (let i = 0; i < copies; i++) {
      this.pending.push({ due: this.now + this.faults.delayMs, url, body, signature });
    }
  }

  private async flush(): Promise<void> {
    const due = this.pending.filter((p) => p.due <= this.now);
    this.pending = this.pending.filter((p) => p.due > this.now);
    if (this.faults.outOfOrder) due.reverse();
    for (const callback of due) await this.send(callback.url, callback.body, callback.signature);
  }

  private answer(res: ServerResponse, status: number, body: unknown): void {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    this.requests.push(`${req.method} ${req.url}`);
    if (this.faults.down) return this.answer(res, 503, { error: 'down' });
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const get = req.url?.match(/^\/advices\/([^/]+)$/);
    if (req.method === 'GET' && get) {
      const advice = this.advices.get(decodeURIComponent(get[1]!));
      return advice ? this.answer(res, 200, advice.report) : this.answer(res, 404, { error: 'not found' });
    }
    if (req.method === 'POST' && req.url === '/advices') {
      const message = JSON.parse(Buffer.concat(chunks).toString('utf8')) as WmsAdviceMessage;
      const known = this.byExternal.get(message.externalId);
      if (known) return this.answer(res, 200, this.advices.get(known)!.report);
      const id = `ADV-${++this.seq}`;
      const advice = {
        message,
        report: { id, externalId: message.externalId, state: 'received', version: 0 },
      };
      this.advices.set(id, advice as SandboxAdvice);
      this.byExternal.set(message.externalId, id);
      return this.answer(res, 202, advice.report);
    }
    return this.answer(res, 404, { error: 'not found' });
  }
}
