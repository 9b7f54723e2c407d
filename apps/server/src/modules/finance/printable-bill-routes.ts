import {
  dataSchema,
  idParamSchema,
  PRINTABLE_BILL_MESSAGES,
  PRINTABLE_BILL_ROLES,
  type PrintableBillCreate,
  type PrintableBillLanguage,
  printableBillCreateSchema,
  printableBillDocumentSchema,
  printableBillPdfQuerySchema,
  printableBillResource,
  printableBillSchema,
  type Role,
} from '@tms/domain';
import { and, asc, eq, isNull, or } from 'drizzle-orm';
import type { z } from 'zod';
import { readAll } from '../../db/connection';
import { calendarDay } from '../../platform/calendar';
import { conflict } from '../../platform/errors';
import { registerRecordFileRoutes } from '../../platform/files/record-files';
import type { App } from '../../platform/http/types';
import { registerResourceRoutes, requestContext } from '../../platform/resources';
import { asBuffer } from '../../platform/workers/tasks';
import { billService } from './bills';
import { printableBillDocument } from './printable-bill-print';
import { renderPrintableBillXml } from './printable-bill-xml';
import { PRINTABLE_BILL_FILE_OWNER, printableBillScope, printableBillService } from './printable-bills';
import { paymentForms, printableBillTemplates } from './tables';
import { finalizePrintableBill, finalizePrintableBillInput } from './use-cases/finalize-printable-bill';
import {
  setPrintableBillProcessed,
  setPrintableBillProcessedInput,
} from './use-cases/set-printable-bill-processed';

const readRoles: Role[] = [...PRINTABLE_BILL_ROLES.view, ...PRINTABLE_BILL_ROLES.edit];
const tags = [printableBillResource.name];
const idBody = finalizePrintableBillInput.omit({ id: true });
const processedBody = setPrintableBillProcessedInput.omit({ id: true });

const START_LINE = {
  ru: (number: string) => ({ name: `Транспортно-экспедиционные услуги по счёту № ${number}`, unit: 'усл.' }),
  en: (number: string) => ({ name: `Freight forwarding services, bill No. ${number}`, unit: 'service' }),
} as const;

const attachment = (name: string) => `attachment; filename="${name}"`;
const fileName = (number: string, extension: string) =>
  `printable-bill-${number.replace(/[^0-9A-Za-z_-]/g, '_')}.${extension}`;

/**
 * Printable bills: the resource's routes, the body of a new one from a bill, its lines, its PDF and XML,
 * finalize, the processed mark and its files (docs/finance.md "Printable bills").
 */
export function registerPrintableBillRoutes(app: App): void {
  const db = () => app.database.db;
  registerResourceRoutes(app, printableBillService);

  app.get(
    '/finances/printable-bills/from-bill/:id',
    {
      config: { roles: [...PRINTABLE_BILL_ROLES.create] },
      schema: {
        tags,
        summary:
          "The body of a new printable bill of a bill: its template (the company's, else everyone's) and a service line for the bill's amount",
        params: idParamSchema,
        response: { 200: dataSchema(printableBillCreateSchema.partial()) },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const ctx = requestContext(request, db());
      const bill = await billService.find(ctx, id, { access: 'read' });
      const [[template], [form]] = await readAll(ctx.tx, [
        () =>
          ctx.tx
            .select({ id: printableBillTemplates.id, language: printableBillTemplates.language })
            .from(printableBillTemplates)
            .where(
              and(
                eq(printableBillTemplates.enabled, true),
                or(
                  eq(printableBillTemplates.legalEntityId, bill.legalEntityId),
                  isNull(printableBillTemplates.legalEntityId),
                ),
              ),
            )
            // The company's own template before the one for every company.
            .orderBy(asc(isNull(printableBillTemplates.legalEntityId)), asc(printableBillTemplates.name))
            .limit(1),
        () =>
          ctx.tx
            .select({ withVat: paymentForms.withVat })
            .from(paymentForms)
            .where(eq(paymentForms.id, bill.paymentFormId)),
      ]);
      const language = (template?.language ?? 'ru') as PrintableBillLanguage;
      const body: Partial<PrintableBillCreate> = {
        billIds: [bill.id],
        date: calendarDay(app.clock()),
        templateId: template?.id ?? null,
        lines: [
          {
            ...START_LINE[language](bill.number),
            ...(bill.comment ? { name: bill.comment } : {}),
            quantity: '1',
            price: bill.amount,
            vatRate: form?.withVat ? '20' : null,
          },
        ],
      };
      return { data: body };
    },
  );

  app.get(
    '/finances/printable-bills/:id/pdf',
    {
      config: { roles: readRoles, urlCredential: 'signedLink' },
      schema: {
        tags,
        summary: "The printable bill as a PDF, in its template's language unless `language` is given",
        params: idParamSchema,
        querystring: printableBillPdfQuerySchema,
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => {
      const { id } = request.params as { id: number };
      const query = request.query as z.infer<typeof printableBillPdfQuerySchema>;
      const ctx = requestContext(request, db());
      const row = await printableBillService.find(ctx, id, { access: 'read' });
      const { document, language } = await printableBillDocument(ctx.tx, row);
      const pdf = asBuffer(
        await app.registries.workers.run('finance.printable-bill-pdf', {
          document,
          language: query.language ?? language,
        }),
      );
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', attachment(fileName(row.number, 'pdf')))
        .send(pdf);
    },
  );

  app.get(
    '/finances/printable-bills/:id/xml',
    {
      config: { roles: ['ROLE_PRINTABLE_BILL_XML_EXPORT'], urlCredential: 'signedLink' },
      schema: {
        tags,
        summary: "The printable bill for the accountant's system (printable-bill.xsd, version 1)",
        params: idParamSchema,
        produces: ['application/xml'],
      },
    },
    async (request, reply) => {
      const { id } = request.params as { id: number };
      const ctx = requestContext(request, db());
      const row = await printableBillService.find(ctx, id, { where: printableBillScope(request.auth!) });
      const { document } = await printableBillDocument(ctx.tx, row);
      // The schema's requisites (a BIK, 20-digit accounts, an INN) are required by the accountant's import.
      if (!printableBillDocumentSchema.safeParse(document).success) {
        throw conflict(PRINTABLE_BILL_MESSAGES.exportRequisites);
      }
      return reply
        .header('content-type', 'application/xml; charset=utf-8')
        .header('content-disposition', attachment(fileName(row.number, 'xml')))
        .send(renderPrintableBillXml(document));
    },
  );

  app.post(
    '/finances/printable-bills/:id/finalize',
    {
      config: { roles: ['ROLE_PRINTABLE_BILL_EDIT'] },
      schema: {
        tags,
        summary: 'Finalize: the printable bill is frozen from now on',
        params: idParamSchema,
        body: idBody,
        response: { 200: dataSchema(printableBillSchema) },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const body = request.body as z.infer<typeof idBody>;
      const data = await db().transaction((tx) =>
        finalizePrintableBill.run({ ...requestContext(request, tx) }, { ...body, id }),
      );
      return { data };
    },
  );

  app.post(
    '/finances/printable-bills/:id/processed',
    {
      config: { roles: ['ROLE_PRINTABLE_BILL_PROCESSED'] },
      schema: {
        tags,
        summary: 'Mark a finalized printable bill processed (passed to accounting) or not',
        params: idParamSchema,
        body: processedBody,
        response: { 200: dataSchema(printableBillSchema) },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const body = request.body as z.infer<typeof processedBody>;
      const data = await db().transaction((tx) =>
        setPrintableBillProcessed.run({ ...requestContext(request, tx) }, { ...body, id }),
      );
      return { data };
    },
  );

  registerRecordFileRoutes(app, {
    path: '/finances/printable-bills/:id/files',
    ownerType: PRINTABLE_BILL_FILE_OWNER,
    entityType: printableBillResource.name,
    readRoles,
    editRoles: ['ROLE_PRINTABLE_BILL_EDIT'],
    read: async (request, tx, id) => {
      await printableBillService.find(requestContext(request, tx), id, { access: 'read' });
    },
    change: async (request, tx, id) => {
      await printableBillService.find(requestContext(request, tx), id, { access: 'write', lock: true });
    },
  });
}
