import { z } from 'zod';

/**
 * What a certificate's application tells the insurer (the brief's application fields: insured, cargo,
 * route, dates, amount): our reference keeps a repeated call from making a second application.
 */
export interface InsurerApplication {
  reference: string;
  policyNumber: string;
  insuredName: string | null;
  cargoDescription: string | null;
  insuredAmount: string;
  currency: string;
  premium: string | null;
  periodFrom: string | null;
  periodTo: string | null;
  dispatchAddress: string | null;
  deliveryAddress: string | null;
}

export const insurerQuoteSchema = z.object({
  premium: z.string().regex(/^\d+(\.\d{1,2})?$/),
  currency: z.string(),
});
export const insurerApplicationSchema = z.object({
  applicationId: z.string().min(1).max(100),
  status: z.enum(['accepted', 'rejected']),
  reason: z.string().max(2000).nullish(),
});
export const insurerCertificateSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('pending') }),
  z.object({ status: z.literal('issued'), number: z.string().trim().min(1).max(50) }),
  z.object({ status: z.literal('rejected'), reason: z.string().trim().min(1).max(2000) }),
]);
export const insurerCancelSchema = z.object({
  cancelled: z.boolean(),
  reason: z.string().max(2000).nullish(),
});
export const insurerClaimSchema = z.object({ claimId: z.string().min(1).max(100) });

export type InsurerQuote = z.infer<typeof insurerQuoteSchema>;
export type InsurerApplicationAnswer = z.infer<typeof insurerApplicationSchema>;
export type InsurerCertificate = z.infer<typeof insurerCertificateSchema>;
export type InsurerCancel = z.infer<typeof insurerCancelSchema>;
export type InsurerClaim = z.infer<typeof insurerClaimSchema>;

/**
 * An insurer reached by the system (docs/insurance.md "Insurer link"). Every method either answers a
 * well-formed decision or throws `InsurerUnavailable`: no answer, an error status or an answer that is not
 * what the insurer promises (which is logged and tried again, never taken).
 */
export interface InsurerAdapter {
  quote(application: InsurerApplication): Promise<InsurerQuote>;
  apply(application: InsurerApplication): Promise<InsurerApplicationAnswer>;
  certificate(applicationId: string): Promise<InsurerCertificate>;
  cancel(certificateNumber: string): Promise<InsurerCancel>;
  claim(
    certificateNumber: string,
    claim: { lossDate: string; description: string; amount: string | null },
  ): Promise<InsurerClaim>;
}

/** The insurer could not be asked or gave no usable answer; `message` is the stable English text shown. */
export class InsurerUnavailable extends Error {
  constructor(
    message: string,
    /** What came back, for the log (cut short). */
    readonly detail?: string,
  ) {
    super(message);
  }
}
