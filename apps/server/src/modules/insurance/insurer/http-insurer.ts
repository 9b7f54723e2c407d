import { INSURANCE_MESSAGES as M } from '@tms/domain';
import type { z } from 'zod';
import {
  type InsurerAdapter,
  type InsurerApplication,
  InsurerUnavailable,
  insurerApplicationSchema,
  insurerCancelSchema,
  insurerCertificateSchema,
  insurerClaimSchema,
  insurerQuoteSchema,
} from './adapter';

/** A stuck insurer must not hold a worker: the call is abandoned and tried again later. */
const TIMEOUT_MS = 20_000;
const MAX_ANSWER_BYTES = 64 * 1024;

/**
 * The insurer's HTTP API (JSON over HTTP, the sandbox's shape: `POST /quotes`, `POST /applications`,
 * `GET /applications/{id}/certificate`, `POST /certificates/{number}/cancel`, `POST /certificates/{number}/claims`).
 * Every answer is checked against its schema before anything reads it.
 */
export class HttpInsurer implements InsurerAdapter {
  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs = TIMEOUT_MS,
  ) {}

  private async call<S extends z.ZodType>(schema: S, method: 'GET' | 'POST', path: string, body?: unknown) {
    let response: Response;
    try {
      response = await fetch(new URL(path, this.baseUrl.endsWith('/') ? this.baseUrl : `${this.baseUrl}/`), {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw new InsurerUnavailable(M.insurerUnreachable, String(error));
    }
    const text = await response.text();
    if (!response.ok)
      throw new InsurerUnavailable(M.insurerFailed, `${response.status} ${text.slice(0, 500)}`);
    if (text.length > MAX_ANSWER_BYTES) throw new InsurerUnavailable(M.insurerGarbage, 'answer too long');
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new InsurerUnavailable(M.insurerGarbage, text.slice(0, 500));
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new InsurerUnavailable(M.insurerGarbage, text.slice(0, 500));
    return parsed.data as z.infer<S>;
  }

  quote(application: InsurerApplication) {
    return this.call(insurerQuoteSchema, 'POST', 'quotes', application);
  }

  apply(application: InsurerApplication) {
    return this.call(insurerApplicationSchema, 'POST', 'applications', application);
  }

  certificate(applicationId: string) {
    return this.call(
      insurerCertificateSchema,
      'GET',
      `applications/${encodeURIComponent(applicationId)}/certificate`,
    );
  }

  cancel(certificateNumber: string) {
    return this.call(
      insurerCancelSchema,
      'POST',
      `certificates/${encodeURIComponent(certificateNumber)}/cancel`,
      {},
    );
  }

  claim(certificateNumber: string, claim: { lossDate: string; description: string; amount: string | null }) {
    return this.call(
      insurerClaimSchema,
      'POST',
      `certificates/${encodeURIComponent(certificateNumber)}/claims`,
      claim,
    );
  }
}
