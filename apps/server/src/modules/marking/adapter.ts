import { MARKING_CODE_STATUSES, MARKING_MESSAGES, type MarkingCodeStatus } from '@tms/domain';
import { z } from 'zod';

/**
 * Честный ЗНАК as the marking module sees it (docs/marking.md "Честный ЗНАК"): order codes in СУЗ, fetch
 * them once issued, send the application report, ask ГИС МТ where codes stand. The jobs call it; tests and
 * the demo point it at the sandbox (sandbox.ts).
 */
export interface MarkingAdapter {
  /** Places an emission order for `quantity` codes of a GTIN; answers СУЗ's order id. */
  orderCodes(input: { reference: string; gtin: string; quantity: number }): Promise<{ orderId: string }>;
  /** The codes of an emission order once СУЗ issued them, or `ready: false` while it works. */
  fetchCodes(input: {
    orderId: string;
    gtin: string;
    quantity: number;
  }): Promise<{ ready: false } | { ready: true; codes: string[] }>;
  /** Tells СУЗ these codes (element strings) were applied to the goods; answers the report's id. */
  sendApplicationReport(codes: readonly string[]): Promise<{ reportId: string }>;
  /** Where each code (by `01<GTIN>21<serial>`) stands in ГИС МТ. */
  codeStatuses(cises: readonly string[]): Promise<{ cis: string; status: MarkingCodeStatus }[]>;
}

/**
 * Why a call failed: `unreachable` (no answer, 5xx), `garbage` (an answer that is not one), `refused` (4xx
 * with a reason: retrying will not help), `pending` (the codes are not issued yet).
 */
export class MarkingAdapterError extends Error {
  constructor(
    readonly kind: 'unreachable' | 'garbage' | 'refused' | 'pending',
    message: string,
    readonly detail?: string,
  ) {
    super(message);
  }
  get retryable(): boolean {
    return this.kind !== 'refused';
  }
}

export interface MarkingHttpOptions {
  baseUrl: string;
  token?: string;
  timeoutMs?: number;
}

const orderAnswer = z.object({ orderId: z.string().min(1) });
const statusAnswer = z.object({ bufferStatus: z.string(), availableCodes: z.number().int().nonnegative() });
const codesAnswer = z.object({ codes: z.array(z.string().min(1)) });
const reportAnswer = z.object({ reportId: z.string().min(1) });
const cisesAnswer = z.array(
  z.object({ cisInfo: z.object({ requestedCis: z.string(), status: z.enum(MARKING_CODE_STATUSES) }) }),
);
const refusal = z.object({ error: z.string().min(1) });

/** The HTTP client of СУЗ (`/api/v3/...`) and the True API (`/api/v3/true-api/...`) behind one address. */
export function httpMarkingAdapter(options: MarkingHttpOptions): MarkingAdapter {
  const timeoutMs = options.timeoutMs ?? 10_000;
  async function call<T>(
    method: 'GET' | 'POST',
    path: string,
    schema: z.ZodType<T>,
    body?: unknown,
  ): Promise<T> {
    let response: Response;
    try {
      response = await fetch(new URL(path, options.baseUrl), {
        method,
        headers: {
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new MarkingAdapterError('unreachable', MARKING_MESSAGES.unreachable, String(error));
    }
    const text = await response.text().catch(() => '');
    if (response.status >= 500 || response.status === 429)
      throw new MarkingAdapterError(
        'unreachable',
        MARKING_MESSAGES.unreachable,
        `${response.status} ${text}`,
      );
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new MarkingAdapterError('garbage', MARKING_MESSAGES.garbage, text.slice(0, 500));
    }
    if (response.status >= 400) {
      const reason = refusal.safeParse(json);
      if (!reason.success)
        throw new MarkingAdapterError('garbage', MARKING_MESSAGES.garbage, text.slice(0, 500));
      throw new MarkingAdapterError('refused', MARKING_MESSAGES.refused, reason.data.error.slice(0, 500));
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success)
      throw new MarkingAdapterError('garbage', MARKING_MESSAGES.garbage, text.slice(0, 500));
    return parsed.data;
  }
  return {
    async orderCodes({ reference, gtin, quantity }) {
      return call('POST', '/api/v3/order', orderAnswer, {
        externalId: reference,
        releaseMethodType: 'IMPORT',
        createMethodType: 'SELF_MADE',
        products: [{ gtin, quantity, serialNumberType: 'OPERATOR', cisType: 'UNIT' }],
      });
    },
    async fetchCodes({ orderId, gtin, quantity }) {
      const query = new URLSearchParams({ orderId, gtin });
      const status = await call('GET', `/api/v3/order/status?${query}`, statusAnswer);
      if (status.bufferStatus !== 'ACTIVE' || status.availableCodes < quantity) return { ready: false };
      query.set('quantity', String(quantity));
      const { codes } = await call('GET', `/api/v3/codes?${query}`, codesAnswer);
      if (codes.length !== quantity)
        throw new MarkingAdapterError('garbage', MARKING_MESSAGES.garbage, `${codes.length} codes`);
      return { ready: true, codes };
    },
    async sendApplicationReport(codes) {
      return call('POST', '/api/v3/utilisation', reportAnswer, { sntins: codes, usageType: 'PRINTED' });
    },
    async codeStatuses(cises) {
      const answer = await call('POST', '/api/v3/true-api/cises/info', cisesAnswer, cises);
      return answer.map(({ cisInfo }) => ({ cis: cisInfo.requestedCis, status: cisInfo.status }));
    },
  };
}
