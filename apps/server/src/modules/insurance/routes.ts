import {
  type CargoInsuranceStatus,
  dataSchema,
  EXPORT_LANGUAGES,
  INSURANCE_ROLES,
  idParamSchema,
  insuranceCertificateResource,
  type Role,
} from '@tms/domain';
import { z } from 'zod';
import type { App } from '../../platform/http/types';
import { registerResourceRoutes, requestContext, type UseCase } from '../../platform/resources';
import { asBuffer } from '../../platform/workers/tasks';
import { certificateDocument } from './certificate-document';
import { certificateService } from './certificates';
import { claimService } from './claims';
import { policyService } from './policies';
import { acceptCertificate } from './use-cases/accept';
import { billCertificatePremium } from './use-cases/bill-premium';
import { cancelCertificate } from './use-cases/cancel';
import { issueCertificate } from './use-cases/issue';
import { markCertificateNotReady } from './use-cases/not-ready';
import { markCertificateReady } from './use-cases/ready';
import { rejectCertificate } from './use-cases/reject';
import { resendCertificate } from './use-cases/resend';

const tags = ['Cargo insurance'];

/** The path of each move (and of the premium's billing) under `/tms/cargo-insurance/{id}/` and its use case. */
const MOVES: Record<string, { useCase: UseCase<z.ZodObject, z.ZodType>; summary: string }> = {
  ready: { useCase: markCertificateReady, summary: 'The details are complete: ready for the insurer' },
  'not-ready': { useCase: markCertificateNotReady, summary: 'Back to preparation' },
  accept: { useCase: acceptCertificate, summary: 'The insurer takes the application' },
  reject: { useCase: rejectCertificate, summary: 'The insurer declines the risk' },
  issue: { useCase: issueCertificate, summary: 'The insurer issues the certificate' },
  cancel: { useCase: cancelCertificate, summary: 'Cancel the insurance' },
  'send-to-insurer': {
    useCase: resendCertificate,
    summary: 'Send the application to the linked insurer again',
  },
  'bill-premium': { useCase: billCertificatePremium, summary: 'Bill the premium through the ledger' },
};

const pdfQuerySchema = z.object({ language: z.enum(EXPORT_LANGUAGES).default('ru') });

/** Open covers, certificates and one POST per move of a certificate; the certificate as PDF. */
export default async function insuranceRoutes(app: App): Promise<void> {
  registerResourceRoutes(app, policyService);
  registerResourceRoutes(app, certificateService);
  registerResourceRoutes(app, claimService);
  app.get(
    `${insuranceCertificateResource.path}/:id/pdf`,
    {
      config: { roles: INSURANCE_ROLES.view, urlCredential: 'signedLink' },
      schema: {
        tags,
        summary: 'The certificate as a PDF, in Russian unless `language` says otherwise',
        params: idParamSchema,
        querystring: pdfQuerySchema,
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => {
      const { id } = request.params as { id: number };
      const { language } = request.query as z.infer<typeof pdfQuerySchema>;
      const ctx = requestContext(request);
      const row = await certificateService.find(ctx, id, { access: 'read' });
      const status = (await certificateService.toEntity(row, ctx)).status as CargoInsuranceStatus;
      const document = await certificateDocument(ctx.tx, row, status, language);
      const pdf = asBuffer(await app.registries.workers.run('insurance.certificate-pdf', document));
      const name = (row.number ?? String(row.id)).replace(/[^0-9A-Za-z_-]/g, '_');
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="insurance-certificate-${name}.pdf"`)
        .send(pdf);
    },
  );
  for (const [path, { useCase, summary }] of Object.entries(MOVES)) {
    app.post(
      `${insuranceCertificateResource.path}/:id/${path}`,
      {
        config: { roles: useCase.roles as readonly Role[] },
        schema: {
          tags,
          summary,
          params: idParamSchema,
          body: useCase.input.omit({ id: true }).strict(),
          response: { 200: dataSchema(insuranceCertificateResource.entity) },
        },
      },
      async (request) => {
        const { id } = request.params as { id: number };
        const input = { ...(request.body as object), id };
        const data = await app.database.db.transaction((tx) =>
          useCase.run(requestContext(request, tx), input as never),
        );
        return { data: data as never };
      },
    );
  }
}
