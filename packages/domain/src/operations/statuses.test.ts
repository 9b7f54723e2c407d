import { describe, expect, it } from 'vitest';
import { type OperationActor, SYSTEM_ACTOR } from './actor';
import { OPERATION_MESSAGES as M, OPERATION_MESSAGES_RU } from './messages';
import {
  allowedStatusTargets,
  CARGO_INSURANCE_STATUSES,
  CARGO_INSURANCE_TRANSITIONS,
  cargoInsuranceTransition,
  checkTransition,
  FINANCE_CONTROL_STATUSES,
  FINANCE_CONTROL_TRANSITIONS,
  fileUploadLock,
  financeControlTransition,
  MARKING_STATUSES,
  MARKING_TRANSITIONS,
  markingTransition,
  OPERATION_STATUS_KINDS,
  OPERATION_STATUSES,
  type OperationStatusDef,
  operationEditLock,
  type StatusTransition,
  statusChangeSchemaOf,
  statusKindsOf,
  statusTransition,
  TNVED_CONTROL_STATUSES,
  TNVED_CONTROL_TRANSITIONS,
  TRANSFERS_STATUSES,
  TRANSFERS_TRANSITIONS,
  tnvedControlTransition,
  transfersTransition,
} from './statuses';

const user = (roles: string[], canEdit?: boolean): OperationActor => ({ roles, isSystem: false, canEdit });
const forwarder = user(['ROLE_ORDER_EDIT_OWN'], true);
const outsider = user(['ROLE_ORDER_EDIT_OWN'], false);
const finance = user(['ROLE_ORDER_FINANCE_CONTROL']);
const admin = user(['ROLE_ADMIN']);
const live = { archived: false, billsComplete: true };
const ok = { ok: true };
const manual = { ok: false, error: M.statusManual, path: ['status'] };
const locked = { ok: false, error: M.locked, path: [] };

describe('finance control', () => {
  it('lets the forwarder mark ready, withdraw and re-submit after a rejection', () => {
    expect(financeControlTransition('NOT_READY', 'READY', forwarder, live)).toEqual(ok);
    expect(financeControlTransition('READY', 'NOT_READY', forwarder, live)).toEqual(ok);
    expect(financeControlTransition('REJECTED', 'READY', forwarder, live)).toEqual(ok);
  });

  it('lets finance accept, reject with a reason, and reopen an accepted operation', () => {
    expect(financeControlTransition('READY', 'ACCEPTED', finance, live)).toEqual(ok);
    expect(financeControlTransition('READY', 'REJECTED', finance, { ...live, reasonId: 3 })).toEqual(ok);
    expect(financeControlTransition('ACCEPTED', 'NOT_READY', finance, live)).toEqual(ok);
  });

  it('requires a reason for REJECTED', () => {
    expect(financeControlTransition('READY', 'REJECTED', finance, live)).toEqual({
      ok: false,
      error: 'A reason is required.',
      path: ['reasonId'],
    });
    expect(financeControlTransition('READY', 'REJECTED', finance, { ...live, reasonId: null })).toMatchObject(
      {
        error: M.reasonRequired,
      },
    );
  });

  it('refuses the forwarder what is finance’s and finance what is the forwarder’s', () => {
    expect(financeControlTransition('READY', 'ACCEPTED', forwarder, live)).toEqual(manual);
    expect(financeControlTransition('ACCEPTED', 'NOT_READY', forwarder, live)).toEqual(manual);
    expect(financeControlTransition('NOT_READY', 'READY', finance, live)).toEqual(manual);
    expect(financeControlTransition('NOT_READY', 'READY', outsider, live)).toEqual(manual);
  });

  it('never leaves ACCEPTED except to NOT_READY, and never skips READY', () => {
    for (const to of ['READY', 'REJECTED'] as const) {
      expect(financeControlTransition('ACCEPTED', to, admin, live)).toEqual(manual);
    }
    expect(financeControlTransition('NOT_READY', 'ACCEPTED', admin, live)).toEqual(manual);
    expect(financeControlTransition('REJECTED', 'ACCEPTED', admin, live)).toEqual(manual);
  });

  it('marks ready, by anyone, only when the bills are complete', () => {
    const incomplete = { ok: false, error: M.billsIncomplete, path: ['status'] };
    const unbilled = { archived: false, billsComplete: false };
    expect(financeControlTransition('NOT_READY', 'READY', forwarder, unbilled)).toEqual(incomplete);
    expect(financeControlTransition('REJECTED', 'READY', forwarder, unbilled)).toEqual(incomplete);
    expect(financeControlTransition('NOT_READY', 'READY', SYSTEM_ACTOR, unbilled)).toEqual(incomplete);
    expect(financeControlTransition('READY', 'NOT_READY', forwarder, unbilled)).toEqual(ok);
  });

  it('lets the system mark ready (MARK_ORDER_READY) but nothing else', () => {
    expect(financeControlTransition('NOT_READY', 'READY', SYSTEM_ACTOR, live)).toEqual(ok);
    expect(financeControlTransition('READY', 'ACCEPTED', SYSTEM_ACTOR, live)).toEqual(manual);
    expect(financeControlTransition('REJECTED', 'READY', SYSTEM_ACTOR, live)).toEqual(manual);
  });

  it('refuses any change of an archived operation, and the system’s READY too', () => {
    expect(financeControlTransition('NOT_READY', 'READY', forwarder, { archived: true })).toEqual(locked);
    expect(financeControlTransition('READY', 'ACCEPTED', finance, { archived: true })).toEqual(locked);
    expect(financeControlTransition('NOT_READY', 'READY', SYSTEM_ACTOR, { archived: true })).toEqual(locked);
  });

  it('treats the same status as no change', () => {
    expect(financeControlTransition('ACCEPTED', 'ACCEPTED', outsider)).toEqual(ok);
  });

  it('takes edit access from the edit roles of the operation when the server gives no scope answer', () => {
    expect(financeControlTransition('NOT_READY', 'READY', user(['ROLE_ORDER_EDIT_OWN']), live)).toEqual(ok);
    expect(
      financeControlTransition('NOT_READY', 'READY', user(['ROLE_ORDER_EDIT_OWN']), {
        ...live,
        operation: 'job',
      }),
    ).toEqual(manual);
    expect(
      financeControlTransition('NOT_READY', 'READY', user(['ROLE_JOB_EDIT_ALL']), {
        ...live,
        operation: 'job',
      }),
    ).toEqual(ok);
    expect(financeControlTransition('NOT_READY', 'READY', admin, live)).toEqual(ok);
  });

  it('accepts roles as a set', () => {
    const actor = { roles: new Set(['ROLE_ORDER_FINANCE_CONTROL']), isSystem: false };
    expect(financeControlTransition('READY', 'ACCEPTED', actor, live)).toEqual(ok);
  });
});

/** Every pair outside a table is refused to the administrator and the system alike. */
function expectOnlyListed<S extends string>(values: readonly S[], table: readonly StatusTransition<S>[]) {
  const facts = {
    archived: false,
    reasonId: 1,
    insuranceDetailsComplete: true,
    cargoCoded: true,
    markingStageClosed: false,
  };
  for (const from of values) {
    for (const to of values) {
      if (from === to || table.some((t) => t.from === from && t.to === to)) continue;
      expect(checkTransition(table, from, to, admin, facts), `${from} → ${to}`).toEqual(manual);
      expect(checkTransition(table, from, to, SYSTEM_ACTOR, facts), `${from} → ${to}`).toEqual(manual);
    }
  }
}

describe('the tables allow nothing else', () => {
  it('for every status', () => {
    expectOnlyListed(FINANCE_CONTROL_STATUSES, FINANCE_CONTROL_TRANSITIONS);
    expectOnlyListed(CARGO_INSURANCE_STATUSES, CARGO_INSURANCE_TRANSITIONS);
    expectOnlyListed(TNVED_CONTROL_STATUSES, TNVED_CONTROL_TRANSITIONS);
    expectOnlyListed(TRANSFERS_STATUSES, TRANSFERS_TRANSITIONS);
    expectOnlyListed(MARKING_STATUSES, MARKING_TRANSITIONS);
  });
});

describe('cargo insurance', () => {
  const complete = { ...live, insuranceDetailsComplete: true };
  const insurer = user(['ROLE_INSURANCE_BANK_INSURER']);

  it('goes ready only with complete insurance details', () => {
    expect(cargoInsuranceTransition('NOT_READY', 'READY', forwarder, complete)).toEqual(ok);
    expect(cargoInsuranceTransition('NOT_READY', 'READY', forwarder, live)).toEqual({
      ok: false,
      error: M.insuranceDetailsIncomplete,
      path: ['status'],
    });
    expect(cargoInsuranceTransition('REJECTED', 'READY', forwarder, complete)).toEqual(ok);
    expect(cargoInsuranceTransition('REJECTED', 'READY', forwarder, live)).toMatchObject({ ok: false });
  });

  it('is accepted or rejected by the insurer only', () => {
    expect(cargoInsuranceTransition('READY', 'ACCEPTED', insurer, live)).toEqual(ok);
    expect(cargoInsuranceTransition('READY', 'REJECTED', insurer, live)).toEqual(ok);
    expect(cargoInsuranceTransition('READY', 'ACCEPTED', forwarder, live)).toEqual(manual);
  });

  it('becomes INSURED by the system only', () => {
    expect(cargoInsuranceTransition('ACCEPTED', 'INSURED', SYSTEM_ACTOR, live)).toEqual(ok);
    expect(cargoInsuranceTransition('ACCEPTED', 'INSURED', admin, live)).toEqual(manual);
  });

  it('is cancelled by the forwarder; an insured one also needs the removal role', () => {
    for (const from of ['NOT_READY', 'READY', 'ACCEPTED'] as const) {
      expect(cargoInsuranceTransition(from, 'CANCELLED', forwarder, live)).toEqual(ok);
    }
    expect(cargoInsuranceTransition('INSURED', 'CANCELLED', forwarder, live)).toEqual(manual);
    expect(
      cargoInsuranceTransition('INSURED', 'CANCELLED', user(['ROLE_INSURANCE_CASE_REMOVE'], false), live),
    ).toEqual(manual);
    expect(
      cargoInsuranceTransition('INSURED', 'CANCELLED', user(['ROLE_INSURANCE_CASE_REMOVE'], true), live),
    ).toEqual(ok);
    expect(cargoInsuranceTransition('CANCELLED', 'READY', admin, complete)).toEqual(manual);
  });
});

describe('TNVED control', () => {
  const specialist = user(['ROLE_ORDER_CUSTOMS_SPECIALIST_ACCEPTANCE']);

  it('goes ready when the cargo has its codes', () => {
    expect(tnvedControlTransition('NOT_READY', 'READY', forwarder, { ...live, cargoCoded: true })).toEqual(
      ok,
    );
    expect(tnvedControlTransition('NOT_READY', 'READY', forwarder, live)).toEqual({
      ok: false,
      error: 'The cargo needs its TNVED codes.',
      path: ['status'],
    });
  });

  it('loses its verification only by the system (a code edited)', () => {
    expect(tnvedControlTransition('VERIFIED', 'READY', SYSTEM_ACTOR, live)).toEqual(ok);
    expect(tnvedControlTransition('VERIFIED', 'READY', specialist, live)).toEqual(manual);
  });

  it('is verified by the customs specialist', () => {
    expect(tnvedControlTransition('READY', 'VERIFIED', specialist, live)).toEqual(ok);
    expect(tnvedControlTransition('READY', 'VERIFIED', forwarder, live)).toEqual(manual);
  });

  it('goes back to NOT_READY by the system or the specialist', () => {
    for (const from of ['READY', 'VERIFIED'] as const) {
      expect(tnvedControlTransition(from, 'NOT_READY', SYSTEM_ACTOR, live)).toEqual(ok);
      expect(tnvedControlTransition(from, 'NOT_READY', specialist, live)).toEqual(ok);
      expect(tnvedControlTransition(from, 'NOT_READY', forwarder, live)).toEqual(manual);
    }
  });
});

describe('transfers', () => {
  it('are never changed by hand and any way by the system', () => {
    for (const from of TRANSFERS_STATUSES) {
      for (const to of TRANSFERS_STATUSES) {
        if (from === to) continue;
        expect(transfersTransition(from, to, admin, live)).toEqual(manual);
        expect(transfersTransition(from, to, SYSTEM_ACTOR, live)).toEqual(ok);
      }
    }
  });
});

describe('marking', () => {
  it('is switched between required and not required by the forwarder before a marking stage closes', () => {
    const open = { ...live, markingStageClosed: false };
    expect(markingTransition('not_required', 'required', forwarder, open)).toEqual(ok);
    expect(markingTransition('required', 'not_required', forwarder, open)).toEqual(ok);
    expect(
      markingTransition('required', 'not_required', forwarder, { ...live, markingStageClosed: true }),
    ).toEqual(manual);
    expect(markingTransition('required', 'not_required', outsider, open)).toEqual(manual);
  });

  it('follows the CZ_MARKING stages by the system, both ways', () => {
    expect(markingTransition('required', 'marking', SYSTEM_ACTOR)).toEqual(ok);
    expect(markingTransition('marking', 'marked', SYSTEM_ACTOR)).toEqual(ok);
    expect(markingTransition('marked', 'marking', SYSTEM_ACTOR)).toEqual(ok);
    expect(markingTransition('marking', 'required', SYSTEM_ACTOR)).toEqual(ok);
    expect(markingTransition('required', 'marking', admin, live)).toEqual(manual);
    expect(markingTransition('not_required', 'marking', SYSTEM_ACTOR)).toEqual(manual);
  });
});

describe('status registry', () => {
  it('describes every kind with its field, initial value and labels', () => {
    for (const kind of OPERATION_STATUS_KINDS) {
      const status = OPERATION_STATUSES[kind] as OperationStatusDef<string>;
      expect(status.kind).toBe(kind);
      expect(status.field).toBe(`${kind}Status`);
      expect(status.values).toContain(status.initial);
      expect(Object.keys(status.labels).sort()).toEqual([...status.values].sort());
      for (const label of Object.values(status.labels) as { ru: string; en: string }[]) {
        expect(label.ru).toMatch(/[а-яё]/);
        expect(label.en).toMatch(/^[A-Z]/);
      }
    }
    expect(OPERATION_STATUSES.transfers.systemOnly).toBe(true);
  });

  it('gives an order all five statuses and a job finance control', () => {
    expect(statusKindsOf('order')).toEqual(OPERATION_STATUS_KINDS);
    expect(statusKindsOf('job')).toEqual(['financeControl']);
  });

  it('checks by kind and refuses unknown values', () => {
    expect(statusTransition('financeControl', 'READY', 'ACCEPTED', finance, live)).toEqual(ok);
    expect(statusTransition('financeControl', 'READY', 'DONE', admin, live)).toEqual(manual);
    expect(statusTransition('marking', 'required', 'marking', SYSTEM_ACTOR, live)).toEqual(ok);
  });

  it('lists the targets a user may choose', () => {
    expect(allowedStatusTargets('financeControl', 'READY', finance, live)).toEqual([
      { status: 'ACCEPTED', needsReason: false },
      { status: 'REJECTED', needsReason: true },
    ]);
    expect(allowedStatusTargets('financeControl', 'READY', forwarder, live)).toEqual([
      { status: 'NOT_READY', needsReason: false },
    ]);
    expect(allowedStatusTargets('financeControl', 'NOT_READY', forwarder, { archived: true })).toEqual([]);
    expect(allowedStatusTargets('transfers', 'not-ready', admin, live)).toEqual([]);
    expect(allowedStatusTargets('cargoInsurance', 'NOT_READY', forwarder, live)).toEqual([
      { status: 'CANCELLED', needsReason: false },
    ]);
  });

  it('parses a change body per kind', () => {
    const schema = statusChangeSchemaOf('financeControl');
    expect(schema.safeParse({ status: 'REJECTED', reasonId: 2, version: 3 }).success).toBe(true);
    expect(schema.safeParse({ status: 'INSURED', version: 3 }).success).toBe(false);
    expect(schema.safeParse({ status: 'READY' }).success).toBe(false);
    expect(statusChangeSchemaOf('transfers').safeParse({ status: 'not-ready', version: 1 }).success).toBe(
      true,
    );
  });
});

describe('locks', () => {
  it('locks edits of an archived or accepted operation', () => {
    expect(operationEditLock({ archived: false, financeControlStatus: 'READY' })).toBeNull();
    expect(operationEditLock({ archived: false, financeControlStatus: 'REJECTED' })).toBeNull();
    expect(operationEditLock({ archived: false, financeControlStatus: 'ACCEPTED' })).toBe(
      'order or job archived or has a locking finance control status',
    );
    expect(operationEditLock({ archived: true, financeControlStatus: 'NOT_READY' })).toBe(M.locked);
  });

  it('takes files into a locked operation only with its role', () => {
    const open = { archived: false, financeControlStatus: 'READY' } as const;
    const archived = { archived: true, financeControlStatus: 'NOT_READY' } as const;
    const accepted = { archived: false, financeControlStatus: 'ACCEPTED' } as const;
    expect(fileUploadLock(open, forwarder)).toBeNull();
    expect(fileUploadLock(archived, forwarder)).toBe(M.locked);
    expect(fileUploadLock(accepted, forwarder)).toBe(M.locked);
    expect(fileUploadLock(archived, user(['ROLE_ARCHIVED_OPERATION_FILE_UPLOAD']))).toBeNull();
    expect(fileUploadLock(accepted, user(['ROLE_ARCHIVED_OPERATION_FILE_UPLOAD']))).toBeNull();
    expect(fileUploadLock(archived, admin)).toBeNull();
  });
});

describe('OPERATION_MESSAGES_RU', () => {
  it('translates every message into a Russian sentence', () => {
    const english = Object.values(M);
    expect(new Set(english).size).toBe(english.length);
    expect(Object.keys(OPERATION_MESSAGES_RU).sort()).toEqual([...english].sort());
    for (const message of english) {
      expect(OPERATION_MESSAGES_RU[message], message).toMatch(/^[А-ЯЁ].*[а-яё].*\.$/u);
    }
  });
});
