import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { GS, type MarkingCodeStatus, parseMarkingCode } from '@tms/domain';

/**
 * A sandbox Честный ЗНАК speaking the HTTP client's dialect (adapter.ts): emission orders whose codes are
 * issued after `pendingPolls` status polls, the codes, application reports (codes become APPLIED) and code
 * statuses. Fault knobs make the next calls fail as the real one may: no answer (`down`, a 503), an answer
 * that is no answer (`garbage`), a refusal (`refuse`). Tests start it on port 0.
 */
export interface MarkingSandboxFaults {
  /** The next this many calls answer 503. */
  down: number;
  /** The next this many calls answer text that is not the answer. */
  garbage: number;
  /** The next call is refused (400) with this reason. */
  refuse: string | null;
  /** A new emission order's buffer stays PENDING for this many status polls. */
  pendingPolls: number;
}

interface SandboxOrder {
  gtin: string;
  quantity: number;
  pollsLeft: number;
  codes: string[];
}

export interface MarkingSandbox {
  url: string;
  faults: MarkingSandboxFaults;
  /** Every call received, `METHOD path`. */
  calls: string[];
  /** The codes ГИС МТ knows, by `01<GTIN>21<serial>`. */
  statuses: Map<string, MarkingCodeStatus>;
  close(): Promise<void>;
}

const CHARS = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz0123456789';
const random = (length: number, alphabet = CHARS) =>
  [...randomBytes(length)].map((byte) => alphabet[byte % alphabet.length]).join('');

/** A code as СУЗ issues it: 13-character serial, key and 44-character crypto code. */
function issue(gtin: string): string {
  const crypto = `${random(43, `${CHARS}+/`)}=`;
  return `01${gtin}21${random(13)}${GS}91${random(4)}${GS}92${crypto}`;
}

async function bodyOf(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : undefined;
}

export async function startMarkingSandbox(): Promise<MarkingSandbox> {
  const orders = new Map<string, SandboxOrder>();
  const faults: MarkingSandboxFaults = { down: 0, garbage: 0, refuse: null, pendingPolls: 0 };
  const calls: string[] = [];
  const statuses = new Map<string, MarkingCodeStatus>();
  let reports = 0;

  const send = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };

  async function answer(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://sandbox');
    calls.push(`${request.method} ${url.pathname}`);
    if (faults.down > 0) {
      faults.down--;
      return send(response, 503, { error: 'Service unavailable' });
    }
    if (faults.garbage > 0) {
      faults.garbage--;
      response.writeHead(200, { 'content-type': 'text/html' });
      return response.end('<html>502 Bad Gateway</html>');
    }
    if (faults.refuse !== null) {
      const reason = faults.refuse;
      faults.refuse = null;
      return send(response, 400, { error: reason });
    }
    const body = request.method === 'POST' ? await bodyOf(request) : undefined;
    const route = `${request.method} ${url.pathname}`;
    if (route === 'POST /api/v3/order') {
      const product = (body as { products?: { gtin?: string; quantity?: number }[] })?.products?.[0];
      if (!product?.gtin || !product.quantity) return send(response, 400, { error: 'products are required' });
      const orderId = `sandbox-${orders.size + 1}-${random(8)}`;
      orders.set(orderId, {
        gtin: product.gtin,
        quantity: product.quantity,
        pollsLeft: faults.pendingPolls,
        codes: Array.from({ length: product.quantity }, () => issue(product.gtin as string)),
      });
      return send(response, 200, { orderId, expectedCompleteTimestamp: Date.now() });
    }
    const order = orders.get(url.searchParams.get('orderId') ?? '');
    if (route === 'GET /api/v3/order/status') {
      if (!order) return send(response, 404, { error: 'order not found' });
      if (order.pollsLeft > 0) {
        order.pollsLeft--;
        return send(response, 200, { bufferStatus: 'PENDING', availableCodes: 0 });
      }
      return send(response, 200, { bufferStatus: 'ACTIVE', availableCodes: order.codes.length });
    }
    if (route === 'GET /api/v3/codes') {
      if (!order) return send(response, 404, { error: 'order not found' });
      for (const code of order.codes) {
        const parsed = parseMarkingCode(code);
        if (parsed.ok && !statuses.has(parsed.code.cis)) statuses.set(parsed.code.cis, 'EMITTED');
      }
      return send(response, 200, { codes: order.codes, blockId: random(8) });
    }
    if (route === 'POST /api/v3/utilisation') {
      const codes = (body as { sntins?: unknown })?.sntins;
      if (!Array.isArray(codes) || codes.length === 0)
        return send(response, 400, { error: 'sntins are required' });
      for (const code of codes) {
        const parsed = parseMarkingCode(String(code));
        if (!parsed.ok) return send(response, 400, { error: `bad code ${String(code).slice(0, 40)}` });
        statuses.set(parsed.code.cis, 'APPLIED');
      }
      reports++;
      return send(response, 200, { reportId: `report-${reports}` });
    }
    if (route === 'POST /api/v3/true-api/cises/info') {
      if (!Array.isArray(body)) return send(response, 400, { error: 'a list of codes is required' });
      // Codes ГИС МТ has never heard of are left out of the answer.
      const known = body.map(String).filter((cis) => statuses.has(cis));
      return send(
        response,
        200,
        known.map((cis) => ({ cisInfo: { requestedCis: cis, cis, status: statuses.get(cis) } })),
      );
    }
    return send(response, 404, { error: 'no such call' });
  }

  const server: Server = createServer((request, response) => {
    answer(request, response).catch(() => send(response, 400, { error: 'malformed request' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    faults,
    calls,
    statuses,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
