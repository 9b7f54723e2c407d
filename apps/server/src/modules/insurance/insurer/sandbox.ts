import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the sandbox does with the next calls, set by a test. */
export interface SandboxKnobs {
  /** The next N calls answer 503. */
  failNext: number;
  /** The next N calls answer a body that is not the insurer's shape. */
  garbageNext: number;
  /** Applications are declined with this reason. */
  rejectWith: string | null;
  /** Certificate asks answer "pending" this many times per application before the decision. */
  pendingAsks: number;
}

interface Application {
  id: string;
  reference: string;
  body: Record<string, unknown>;
  asks: number;
  number: string | null;
  rejected: string | null;
  cancelled: boolean;
}

/**
 * A small insurer for tests (docs/insurance.md "Insurer link"): quotes, applications idempotent on our
 * reference, certificates numbered once decided, cancellation, claims; with knobs for failures, unreadable
 * answers, rejections and a slow decision. Listens on a free port of 127.0.0.1.
 */
export class InsurerSandbox {
  readonly knobs: SandboxKnobs = { failNext: 0, garbageNext: 0, rejectWith: null, pendingAsks: 0 };
  readonly applications = new Map<string, Application>();
  readonly claims: { number: string; body: unknown }[] = [];
  /** Every request seen, as `METHOD path`. */
  readonly calls: string[] = [];
  private server: Server | undefined;
  private issued = 0;

  get url(): string {
    const { port } = this.server!.address() as AddressInfo;
    return `http://127.0.0.1:${port}/api/v1`;
  }

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      void this.handle(request).then(
        ({ status, body }) => {
          response.writeHead(status, { 'content-type': 'application/json' });
          response.end(typeof body === 'string' ? body : JSON.stringify(body));
        },
        () => {
          response.writeHead(500);
          response.end();
        },
      );
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private async handle(request: IncomingMessage): Promise<{ status: number; body: unknown }> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    const path = (request.url ?? '').replace(/^\/api\/v1/, '');
    this.calls.push(`${request.method} ${path}`);
    if (this.knobs.failNext > 0) {
      this.knobs.failNext--;
      return { status: 503, body: { error: 'maintenance' } };
    }
    if (this.knobs.garbageNext > 0) {
      this.knobs.garbageNext--;
      return { status: 200, body: '<html>Service temporarily unavailable</html>' };
    }
    if (request.method === 'POST' && path === '/quotes') {
      const premium = (Number(body.insuredAmount) * 0.0015).toFixed(2);
      return { status: 200, body: { premium, currency: body.currency } };
    }
    if (request.method === 'POST' && path === '/applications') {
      const reference = String(body.reference);
      let application = [...this.applications.values()].find((a) => a.reference === reference);
      if (!application) {
        application = {
          id: randomUUID(),
          reference,
          body,
          asks: 0,
          number: null,
          rejected: this.knobs.rejectWith,
          cancelled: false,
        };
        this.applications.set(application.id, application);
      }
      return {
        status: 200,
        body: {
          applicationId: application.id,
          status: application.rejected ? 'rejected' : 'accepted',
          reason: application.rejected,
        },
      };
    }
    const certificate = /^\/applications\/([^/]+)\/certificate$/.exec(path);
    if (request.method === 'GET' && certificate) {
      const application = this.applications.get(decodeURIComponent(certificate[1]!));
      if (!application) return { status: 404, body: { error: 'no such application' } };
      if (application.rejected)
        return { status: 200, body: { status: 'rejected', reason: application.rejected } };
      if (application.asks++ < this.knobs.pendingAsks) return { status: 200, body: { status: 'pending' } };
      application.number ??= `SB-${String(++this.issued).padStart(6, '0')}`;
      return { status: 200, body: { status: 'issued', number: application.number } };
    }
    const cancel = /^\/certificates\/([^/]+)\/cancel$/.exec(path);
    if (request.method === 'POST' && cancel) {
      const number = decodeURIComponent(cancel[1]!);
      const application = [...this.applications.values()].find((a) => a.number === number);
      if (!application) return { status: 404, body: { error: 'no such certificate' } };
      application.cancelled = true;
      return { status: 200, body: { cancelled: true } };
    }
    const claim = /^\/certificates\/([^/]+)\/claims$/.exec(path);
    if (request.method === 'POST' && claim) {
      const number = decodeURIComponent(claim[1]!);
      if (![...this.applications.values()].some((a) => a.number === number))
        return { status: 404, body: { error: 'no such certificate' } };
      this.claims.push({ number, body });
      return { status: 200, body: { claimId: `CL-${this.claims.length}` } };
    }
    return { status: 404, body: { error: 'not found' } };
  }
}
