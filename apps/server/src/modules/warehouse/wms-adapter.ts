import { createHmac, timingSafeEqual } from 'node:crypto';
import { type WmsAdviceKind, type WmsReport, wmsReportSchema } from '@tms/domain';

/** An advice as a WMS takes it: `externalId` (our stage's id) makes sending it again harmless. */
export interface WmsAdviceMessage {
  externalId: string;
  kind: WmsAdviceKind;
  orderNumber: string;
  places: number;
  weight: number | null;
  volume: number | null;
  marks: string | null;
  /** Where the WMS reports state changes, signed with `callbackSecret`; none: we poll. */
  callbackUrl: string | null;
  callbackSecret: string;
}

/** What the product needs of a warehouse management system; each WMS speaks through one. */
export interface WmsAdapter {
  /** Sends the advice (again, if it was sent); answers its state at the WMS. */
  sendAdvice(baseUrl: string, advice: WmsAdviceMessage): Promise<WmsReport>;
  /** The advice's state at the WMS (polling). */
  getAdvice(baseUrl: string, wmsId: string): Promise<WmsReport>;
}

/** A WMS that could not be reached or answered nonsense: worth another try later. */
export class WmsUnavailable extends Error {}

/** The header a signed WMS message carries: `sha256=<hex HMAC of the raw body>`. */
export const WMS_SIGNATURE_HEADER = 'x-wms-signature';

export function wmsSignature(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

export function validWmsSignature(secret: string, body: string, header: string | undefined): boolean {
  if (!header) return false;
  const expected = Buffer.from(wmsSignature(secret, body));
  const given = Buffer.from(header);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

const TIMEOUT_MS = 15_000;

async function call(url: string, init: RequestInit): Promise<WmsReport> {
  let response: Response;
  try {
    response = await fetch(url, {
      ...init,
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new WmsUnavailable(`unreachable (${(error as Error).cause ?? (error as Error).message})`);
  }
  const text = await response.text();
  if (!response.ok) throw new WmsUnavailable(`HTTP ${response.status}`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new WmsUnavailable('an answer that is not JSON');
  }
  const report = wmsReportSchema.safeParse(parsed);
  if (!report.success) throw new WmsUnavailable('an answer of an unknown shape');
  return report.data;
}

/** The WMS HTTP API the sandbox serves (`POST /advices`, `GET /advices/{id}`) over fetch. */
export const httpWmsClient: WmsAdapter = {
  sendAdvice: (baseUrl, advice) =>
    call(`${baseUrl.replace(/\/+$/, '')}/advices`, { method: 'POST', body: JSON.stringify(advice) }),
  getAdvice: (baseUrl, wmsId) =>
    call(`${baseUrl.replace(/\/+$/, '')}/advices/${encodeURIComponent(wmsId)}`, { method: 'GET' }),
};
