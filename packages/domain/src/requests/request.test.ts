import { describe, expect, it } from 'vitest';
import { sampleOrder } from '../operations/fixtures';
import { OPERATION_MESSAGES as M } from '../operations/messages';
import {
  CUSTOMER_REQUEST_MESSAGES,
  type CustomerRequest,
  ORDER_FROM_REQUEST_STATUSES,
  orderFromRequest,
  ordersFromRequestAllowed,
  REQUEST_STATUSES,
  requestEditLock,
  requestStatusMachine,
  requestStatusTargets,
} from './request';

const worker = { roles: ['ROLE_REQUEST_CREATE'], canEdit: true };
const quoter = { roles: ['ROLE_REQUEST_CREATE', 'ROLE_REQUEST_MARK_QUOTE_COMPLETE'], canEdit: true };
const reader = { roles: ['ROLE_REQUEST_MARK_QUOTE_COMPLETE'], canEdit: false };

describe('the operational status of a request (docs/requests.md)', () => {
  it('offers each status the moves of the table, the quote ones to holders of their role', () => {
    const targets = (actor: typeof worker) =>
      Object.fromEntries(
        REQUEST_STATUSES.map((from) => [from, requestStatusTargets(from, actor).map((t) => t.status)]),
      );
    expect(targets(worker)).toEqual({
      QUOTE_NOT_COMPLETED: ['NEED_MORE_INFO', 'NO_SERVICE'],
      NEED_MORE_INFO: ['INFO_PROVIDED', 'NO_SERVICE'],
      INFO_PROVIDED: ['NEED_MORE_INFO', 'NO_SERVICE'],
      QUOTE_COMPLETED: [],
      NO_SERVICE: [],
    });
    expect(targets(quoter)).toEqual({
      QUOTE_NOT_COMPLETED: ['NEED_MORE_INFO', 'QUOTE_COMPLETED', 'NO_SERVICE'],
      NEED_MORE_INFO: ['INFO_PROVIDED', 'NO_SERVICE'],
      INFO_PROVIDED: ['NEED_MORE_INFO', 'QUOTE_COMPLETED', 'NO_SERVICE'],
      QUOTE_COMPLETED: ['QUOTE_NOT_COMPLETED'],
      NO_SERVICE: [],
    });
    for (const from of REQUEST_STATUSES) expect(requestStatusTargets(from, reader)).toEqual([]);
  });

  it('asks a reason for NO_SERVICE only', () => {
    expect(requestStatusTargets('QUOTE_NOT_COMPLETED', worker)).toEqual([
      { status: 'NEED_MORE_INFO', needsReason: false },
      { status: 'NO_SERVICE', needsReason: true },
    ]);
    expect(requestStatusMachine.check('NEED_MORE_INFO', 'NO_SERVICE', worker, { reason: ' ' })).toEqual({
      ok: false,
      error: M.reasonRequired,
      path: ['reason'],
    });
    expect(requestStatusMachine.check('NEED_MORE_INFO', 'NO_SERVICE', worker, { reason: 'Нет' }).ok).toBe(
      true,
    );
  });

  it('refuses any other move as a manual change, and takes the same status as no change', () => {
    const refused = { ok: false, error: M.statusManual, path: ['status'] };
    expect(requestStatusMachine.check('NO_SERVICE', 'QUOTE_NOT_COMPLETED', quoter, { reason: null })).toEqual(
      refused,
    );
    expect(requestStatusMachine.check('QUOTE_NOT_COMPLETED', 'DONE', quoter, { reason: null })).toEqual(
      refused,
    );
    expect(requestStatusMachine.check('NO_SERVICE', 'NO_SERVICE', worker, { reason: null }).ok).toBe(true);
  });

  it('locks the edits of a request in NO_SERVICE only', () => {
    expect(REQUEST_STATUSES.filter((status) => requestEditLock(status) !== null)).toEqual(['NO_SERVICE']);
    expect(requestEditLock('NO_SERVICE')).toBe(CUSTOMER_REQUEST_MESSAGES.locked);
  });
});

describe('an order from a request (docs/requests.md)', () => {
  const request = {
    id: 12,
    clientId: 5,
    sellerId: 7,
    forwarderId: 8,
    serviceOfficeId: 3,
    route: sampleOrder.route,
    cargo: sampleOrder.cargo,
    transportTypes: ['rail', 'auto'],
    serviceIds: [4, 9],
  } as unknown as CustomerRequest;

  it('is made only from a completed quote or provided info', () => {
    expect(REQUEST_STATUSES.filter(ordersFromRequestAllowed)).toEqual(['INFO_PROVIDED', 'QUOTE_COMPLETED']);
    expect([...ORDER_FROM_REQUEST_STATUSES].sort()).toEqual(['INFO_PROVIDED', 'QUOTE_COMPLETED']);
  });

  it('starts with the client, route, cargo, office, people, first transport type and service, and the link', () => {
    const body = orderFromRequest(request);
    expect(body).toMatchObject({
      requestId: 12,
      clientId: 5,
      sellerId: 7,
      forwarderId: 8,
      serviceOfficeId: 3,
      transportType: 'rail',
      serviceId: 4,
      route: sampleOrder.route,
    });
    expect(body.cargo).not.toHaveProperty('declaredValuePerKg');
    expect(body.cargo?.description).toBe(sampleOrder.cargo.description);
    expect(body.cargo?.tnvedCodes).not.toBe(sampleOrder.cargo.tnvedCodes);
  });
});
