import { CONTRACTOR_BILL_MESSAGES } from '@tms/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness';
import { EDIT_ALL, errorsOf } from '../../../test/operations-world';
import { type OpsWorld, opsWorld } from '../../../test/ops-world';
import { type SignedIn, signIn } from '../../../test/users';
import { jobs } from '../../operations';
import { cabinetsMergeHook } from '../merge';
import { contractorBills } from '../tables';

let ctx: TestContext;
let w: OpsWorld;
let forwarder: SignedIn;

beforeAll(async () => {
  ctx = await createTestApp();
  w = await opsWorld(ctx);
  forwarder = await signIn(ctx, [...EDIT_ALL, 'ROLE_COMPANY_CHAPTERS']);
  await ctx.database.db.update(jobs).set({ forwarderId: forwarder.user.id }).where(eq(jobs.id, w.c.jobId));
}, 300_000);
afterAll(async () => {
  await ctx?.close();
});

const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) =>
  ctx.app.inject({ method, url, headers, payload });

const bill = () => ({
  number: 'СЧ-1',
  date: '2026-03-05',
  amount: '1500.00',
  currency: 'RUB',
  vatAmount: '250.00',
  fileId: w.c.fileId,
});

describe("a contractor's own bill for his job", () => {
  it('is sent with its PDF, once a number, never for a foreign job, and its forwarder is told', async () => {
    const sent = await call('POST', `/api/ops/jobs/${w.c.jobId}/bills`, w.c.user.headers, bill());
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().data).toMatchObject({
      jobId: w.c.jobId,
      number: 'СЧ-1',
      amount: '1500.00',
      currency: 'RUB',
      vatAmount: '250.00',
      status: 'SUBMITTED',
      rejectReason: null,
      file: { id: w.c.fileId },
    });

    const again = await call('POST', `/api/ops/jobs/${w.c.jobId}/bills`, w.c.user.headers, bill());
    expect(again.statusCode).toBe(400);
    expect(errorsOf(again)).toEqual({ number: [CONTRACTOR_BILL_MESSAGES.numberTaken] });
    const zero = await call('POST', `/api/ops/jobs/${w.c.jobId}/bills`, w.c.user.headers, {
      ...bill(),
      number: 'СЧ-0',
      amount: '0',
    });
    expect(errorsOf(zero)).toEqual({ amount: [CONTRACTOR_BILL_MESSAGES.notPositive] });

    // Another contractor's job, or his own job with the other's file: a 404 like a missing one.
    const foreign = await call('POST', `/api/ops/jobs/${w.c.jobId}/bills`, w.d.user.headers, {
      ...bill(),
      fileId: w.d.fileId,
    });
    expect(foreign.statusCode).toBe(404);
    const foreignFile = await call('POST', `/api/ops/jobs/${w.d.jobId}/bills`, w.d.user.headers, bill());
    expect(foreignFile.statusCode).toBe(404);
    expect(await ctx.database.db.select().from(contractorBills)).toHaveLength(1);
    expect((await call('GET', `/api/ops/jobs/${w.c.jobId}/bills`, w.d.user.headers)).statusCode).toBe(404);

    const unread = (await call('GET', '/api/notifications/internal/unread', forwarder.headers)).json().data
      .collection as Array<{ type: string; content: string; links: Record<string, { link: string }> }>;
    expect(unread[0]).toMatchObject({
      type: 'contractorBillSubmitted',
      content: expect.stringContaining('СЧ-1'),
      links: { operation: { link: `/tms/jobs/${w.c.jobId}` } },
    });
  });

  it('is accepted or rejected on the job by the back office, and the contractor reads its status', async () => {
    const url = `/api/tms/jobs/${w.c.jobId}/contractor-bills`;
    const reader = await signIn(ctx, ['ROLE_JOB_VIEW_ALL']);
    const [first] = (await call('GET', url, reader.headers)).json().data;
    expect(first).toMatchObject({ number: 'СЧ-1', status: 'SUBMITTED' });
    const decide = `${url}/${first.id}/decision`;
    expect(
      (await call('POST', decide, reader.headers, { status: 'ACCEPTED', version: first.version })).statusCode,
    ).toBe(403);
    const accepted = await call('POST', decide, forwarder.headers, {
      status: 'ACCEPTED',
      version: first.version,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data.status).toBe('ACCEPTED');
    const twice = await call('POST', decide, forwarder.headers, {
      status: 'REJECTED',
      reason: 'Не тот',
      version: accepted.json().data.version,
    });
    expect(twice.statusCode).toBe(409);
    // A bill of another job is not found under this one.
    expect(
      (
        await call(
          'POST',
          `/api/tms/jobs/${w.d.jobId}/contractor-bills/${first.id}/decision`,
          forwarder.headers,
          {
            status: 'ACCEPTED',
            version: 2,
          },
        )
      ).statusCode,
    ).toBe(404);

    const second = await call('POST', `/api/ops/jobs/${w.c.jobId}/bills`, w.c.user.headers, {
      ...bill(),
      number: 'СЧ-2',
      vatAmount: null,
    });
    expect(second.statusCode, second.body).toBe(201);
    const rejected = await call('POST', `${url}/${second.json().data.id}/decision`, forwarder.headers, {
      status: 'REJECTED',
      reason: 'Нет подписи',
      version: second.json().data.version,
    });
    expect(rejected.statusCode, rejected.body).toBe(200);

    const mine = (await call('GET', '/api/ops/bills/submitted', w.c.user.headers)).json().data;
    expect(
      mine.map((b: { number: string; status: string; rejectReason: string | null }) => [
        b.number,
        b.status,
        b.rejectReason,
      ]),
    ).toEqual([
      ['СЧ-2', 'REJECTED', 'Нет подписи'],
      ['СЧ-1', 'ACCEPTED', null],
    ]);
    expect((await call('GET', '/api/ops/bills/submitted', w.d.user.headers)).json().data).toEqual([]);
    expect((await call('GET', `/api/ops/jobs/${w.c.jobId}/bills`, w.c.key.headers)).json().data).toHaveLength(
      2,
    );
  });

  it('goes with the contractor merged into another, except a number the survivor has already sent', async () => {
    for (const number of ['СЧ-1', 'СЧ-3']) {
      const sent = await call('POST', `/api/ops/jobs/${w.d.jobId}/bills`, w.d.user.headers, {
        ...bill(),
        number,
        fileId: w.d.fileId,
      });
      expect(sent.statusCode, sent.body).toBe(201);
    }
    await ctx.database.db.transaction(async (tx) => {
      await cabinetsMergeHook(tx, w.d.id, w.c.id);
    });

    const owners = await ctx.database.db
      .select({ number: contractorBills.number, counterpartyId: contractorBills.counterpartyId })
      .from(contractorBills)
      .where(eq(contractorBills.jobId, w.d.jobId));
    expect(owners.sort((a, b) => a.number.localeCompare(b.number))).toEqual([
      { number: 'СЧ-1', counterpartyId: w.d.id },
      { number: 'СЧ-3', counterpartyId: w.c.id },
    ]);
    const reader = await signIn(ctx, ['ROLE_JOB_VIEW_ALL']);
    const onJob = (await call('GET', `/api/tms/jobs/${w.d.jobId}/contractor-bills`, reader.headers)).json()
      .data;
    expect(onJob.map((b: { number: string }) => b.number).sort()).toEqual(['СЧ-1', 'СЧ-3']);
  });
});
