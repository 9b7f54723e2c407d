import {
  CONTRACTOR_BILL_MESSAGES,
  type ContractorBill,
  type ContractorBillDecision,
  type ContractorBillSubmit,
  contractorBillDecisionSchema,
  contractorBillSchema,
  contractorBillSubmitSchema,
  dataSchema,
  idParamSchema,
  MONEY_MESSAGES,
  moneyTexts,
  OPERATION_ROLES,
} from '@tms/domain';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../../db/connection';
import { requestDb } from '../../../platform/auth/cabinet-wall';
import { conflict, fieldError, notFound } from '../../../platform/errors';
import { files } from '../../../platform/files/tables';
import type { App } from '../../../platform/http/types';
import { notify } from '../../../platform/notifications/notify';
import type { NotificationType } from '../../../platform/notifications/types';
import { requestContext } from '../../../platform/resources';
import { counterparties } from '../../counterparties';
import { jobService, jobs, operationAudienceOf } from '../../operations';
import { currencies } from '../../reference-data';
import { contractorBills } from '../tables';
import { opsJobService } from './ops';

/** The forwarder of a job hears of a contractor's bill sent for it (texts: `notifications.json`). */
export const CONTRACTOR_BILL_NOTIFICATIONS = {
  contractorBillSubmitted: { permission: 'ROLE_JOB_VIEW', defaultScope: 'direct', colour: 'cyan' },
} as const satisfies Record<string, NotificationType>;

const JOBS: readonly string[] = ['CABINET_JOBS'];

/** The bills `where` picks, newest first, as the contractor and the job's forwarder see them. */
async function contractorBillsWhere(tx: Tx, where: SQL): Promise<ContractorBill[]> {
  const rows = await tx
    .select({
      bill: contractorBills,
      jobNumber: jobs.number,
      currency: currencies.code,
      fileName: files.description,
    })
    .from(contractorBills)
    .innerJoin(jobs, eq(jobs.id, contractorBills.jobId))
    .innerJoin(currencies, eq(currencies.id, contractorBills.currencyId))
    .leftJoin(files, eq(files.id, contractorBills.fileId))
    .where(where)
    .orderBy(desc(contractorBills.id));
  return rows.map(({ bill, jobNumber, currency, fileName }) => ({
    id: bill.id,
    version: bill.version,
    jobId: bill.jobId,
    jobNumber,
    number: bill.number,
    date: bill.date,
    amount: bill.amount,
    currency,
    vatAmount: bill.vatAmount,
    status: bill.status,
    rejectReason: bill.rejectReason,
    file: fileName === null ? null : { id: bill.fileId, name: fileName },
    createdAt: bill.createdAt.toISOString(),
  }));
}

const decisionParams = z.object({ id: idParamSchema.shape.id, billId: idParamSchema.shape.id });

/**
 * A contractor's own bills for his jobs (docs/cabinets.md "Contractors' bills"): he sends one from his
 * portal with its PDF (`/ops/jobs/{id}/bills`) and follows its status (`/ops/bills/submitted`); the job's
 * forwarder is told, reads them on the job and accepts or rejects them (`/tms/jobs/{id}/contractor-bills`).
 */
export function contractorBillRoutes(app: App): void {
  app.post(
    '/ops/jobs/:id/bills',
    {
      config: { cabinet: 'contractor', cabinetRoles: JOBS },
      schema: {
        tags: ['ops'],
        summary: 'Send his bill for the job; its PDF is a file he uploaded for the job (POST .../files)',
        params: idParamSchema,
        body: contractorBillSubmitSchema,
        response: { 201: dataSchema(contractorBillSchema) },
      },
    },
    async (request, reply) => {
      const { id } = request.params as { id: number };
      const body = request.body as ContractorBillSubmit;
      const data = await requestDb(request).transaction(async (tx) => {
        const ctx = requestContext(request, tx);
        const job = await opsJobService.find(ctx, id);
        const counterpartyId = job.contractorId!;
        // Only a document uploaded from his portal for this job: any other file id is a 404 like a foreign one.
        const [file] = await tx
          .select({ id: files.id })
          .from(files)
          .where(
            and(
              eq(files.id, body.fileId),
              eq(files.ownerType, 'job'),
              eq(files.ownerId, job.id),
              eq(files.temporary, false),
            ),
          );
        if (!file) throw notFound();
        const [currency] = await tx
          .select({ id: currencies.id })
          .from(currencies)
          .where(eq(currencies.code, body.currency));
        if (!currency) throw fieldError(['currency'], MONEY_MESSAGES.currency);
        const [taken] = await tx
          .select({ id: contractorBills.id })
          .from(contractorBills)
          .where(
            and(eq(contractorBills.counterpartyId, counterpartyId), eq(contractorBills.number, body.number)),
          );
        if (taken) throw fieldError(['number'], CONTRACTOR_BILL_MESSAGES.numberTaken);
        const now = app.clock();
        const [row] = await tx
          .insert(contractorBills)
          .values({
            counterpartyId,
            jobId: job.id,
            number: body.number,
            date: body.date,
            amount: body.amount,
            currencyId: currency.id,
            vatAmount: body.vatAmount ?? null,
            fileId: file.id,
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: contractorBills.id });
        const [contractor] = await tx
          .select({ name: counterparties.name })
          .from(counterparties)
          .where(eq(counterparties.id, counterpartyId));
        const audience = await operationAudienceOf(ctx, 'job', job.id);
        if (audience)
          await notify(ctx, {
            type: 'contractorBillSubmitted',
            params: {
              contractor: contractor?.name ?? '',
              number: body.number,
              amount: moneyTexts(body.amount, body.currency),
            },
            links: audience.links,
            direct: audience.direct,
          });
        const [bill] = await contractorBillsWhere(tx, eq(contractorBills.id, row!.id));
        return bill!;
      });
      return reply.code(201).send({ data });
    },
  );

  app.get(
    '/ops/jobs/:id/bills',
    {
      config: { cabinet: 'contractor', cabinetRoles: JOBS },
      schema: {
        tags: ['ops'],
        summary: 'His bills sent for the job, newest first, with their status',
        params: idParamSchema,
        response: { 200: dataSchema(z.array(contractorBillSchema)) },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const ctx = requestContext(request);
      const job = await opsJobService.find(ctx, id);
      return { data: await contractorBillsWhere(ctx.tx, eq(contractorBills.jobId, job.id)) };
    },
  );

  app.get(
    '/ops/bills/submitted',
    {
      config: { cabinet: 'contractor', cabinetRoles: JOBS },
      schema: {
        tags: ['ops'],
        summary: 'His bills sent from the portal, newest first, with their status',
        response: { 200: dataSchema(z.array(contractorBillSchema)) },
      },
    },
    async (request) => {
      const ctx = requestContext(request);
      const counterpartyId = ctx.auth.kind === 'cabinet' ? ctx.auth.counterpartyId : -1;
      return {
        data: await contractorBillsWhere(ctx.tx, eq(contractorBills.counterpartyId, counterpartyId)),
      };
    },
  );

  app.get(
    '/tms/jobs/:id/contractor-bills',
    {
      config: { roles: OPERATION_ROLES.job.view },
      schema: {
        tags: ['cabinets'],
        summary: "The bills the job's contractor sent for it from his portal, newest first",
        params: idParamSchema,
        response: { 200: dataSchema(z.array(contractorBillSchema)) },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const ctx = requestContext(request);
      const job = await jobService.find(ctx, id, { access: 'read' });
      return { data: await contractorBillsWhere(ctx.tx, eq(contractorBills.jobId, job.id)) };
    },
  );

  app.post(
    '/tms/jobs/:id/contractor-bills/:billId/decision',
    {
      config: { roles: OPERATION_ROLES.job.edit },
      schema: {
        tags: ['cabinets'],
        summary: "Accept a contractor's bill, or reject it with the reason he reads",
        params: decisionParams,
        body: contractorBillDecisionSchema,
        response: { 200: dataSchema(contractorBillSchema) },
      },
    },
    async (request) => {
      const { id, billId } = request.params as { id: number; billId: number };
      const body = request.body as ContractorBillDecision;
      const data = await requestDb(request).transaction(async (tx) => {
        const ctx = requestContext(request, tx);
        const job = await jobService.find(ctx, id, { access: 'write', lock: true });
        const [bill] = await tx
          .select()
          .from(contractorBills)
          .where(and(eq(contractorBills.id, billId), eq(contractorBills.jobId, job.id)))
          .for('update');
        if (!bill) throw notFound();
        if (bill.version !== body.version) throw conflict();
        if (bill.status !== 'SUBMITTED') throw conflict(CONTRACTOR_BILL_MESSAGES.decided);
        await tx
          .update(contractorBills)
          .set({
            status: body.status,
            rejectReason: body.status === 'REJECTED' ? body.reason : null,
            version: bill.version + 1,
            updatedAt: app.clock(),
          })
          .where(eq(contractorBills.id, bill.id));
        const [after] = await contractorBillsWhere(tx, eq(contractorBills.id, bill.id));
        return after!;
      });
      return { data };
    },
  );
}
