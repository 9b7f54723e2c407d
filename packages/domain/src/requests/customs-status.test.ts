import { describe, expect, it } from 'vitest';
import { OPERATION_MESSAGES as M } from '../operations/messages';
import { customsPeopleAfter, customsStatusMachine, customsStatusTargets } from './customs-status';
import { requestRestorable, requestStatusTargets } from './request';

const declarant = { userId: 1, roles: ['ROLE_REQUEST_CUSTOMS_PROCESSING'], canEdit: false };
const specialist = { userId: 2, roles: ['ROLE_REQUEST_CUSTOMS_SPECIALIST'], canEdit: false };
const editor = { userId: 3, roles: ['ROLE_REQUEST_CREATE'], canEdit: true };
const open = { declarantId: null, customsSpecialistId: null, lock: null };

describe('the customs status machine', () => {
  it('offers each mover its own moves', () => {
    const of = (actor: typeof declarant, from: Parameters<typeof customsStatusTargets>[0]) =>
      customsStatusTargets(from, actor, open).map((t) => t.status);
    expect(of(declarant, 'TO_REQUIRED')).toEqual(['TO_IN_PROCESSING', 'TO_NOT_REQUIRED']);
    expect(of(editor, 'TO_REQUIRED')).toEqual(['TO_NOT_REQUIRED']);
    expect(of(specialist, 'TO_REQUIRED')).toEqual([]);
    expect(of(editor, 'TO_PROCESSING_COMPLETE')).toEqual(['TO_AWAITING']);
    expect(of(specialist, 'TO_AWAITING')).toEqual(['TO_IN_PROGRESS']);
    expect(of(specialist, 'TO_FINISHED')).toEqual([]);
  });

  it('keeps a move to the person who accepted, and makes the acceptor that person', () => {
    const taken = { ...open, declarantId: 9 };
    expect(
      customsStatusMachine.check('TO_IN_PROCESSING', 'TO_PROCESSING_COMPLETE', declarant, {
        ...taken,
        reason: null,
      }),
    ).toEqual({ ok: false, error: M.statusManual, path: ['customsStatus'] });
    expect(customsPeopleAfter('TO_REQUIRED', 'TO_IN_PROCESSING', 1, open)).toEqual({
      declarantId: 1,
      customsSpecialistId: null,
    });
    expect(
      customsPeopleAfter('TO_AWAITING', 'TO_IN_PROGRESS', 2, { declarantId: 1, customsSpecialistId: null }),
    ).toEqual({ declarantId: 1, customsSpecialistId: 2 });
  });

  it('refuses every move of a locked request with the lock', () => {
    const locked = { ...open, lock: 'changes locked by request status', reason: null };
    expect(customsStatusMachine.check('TO_REQUIRED', 'TO_IN_PROCESSING', declarant, locked)).toEqual({
      ok: false,
      error: 'changes locked by request status',
      path: [],
    });
  });
});

describe('the restore of NO_SERVICE', () => {
  it('holds while the timeout has not run out, and offers only the status left', () => {
    const at = new Date('2026-11-27T10:00:00Z');
    expect(requestRestorable(at, new Date('2026-11-27T10:30:00Z'), 30)).toBe(true);
    expect(requestRestorable(at, new Date('2026-11-27T10:30:01Z'), 30)).toBe(false);
    expect(requestRestorable(null, at, 30)).toBe(false);
    const actor = { roles: ['ROLE_REQUEST_CREATE'], canEdit: true };
    expect(requestStatusTargets('NO_SERVICE', actor, 'INFO_PROVIDED')).toEqual([
      { status: 'INFO_PROVIDED', needsReason: false },
    ]);
    expect(requestStatusTargets('NO_SERVICE', actor)).toEqual([]);
    expect(requestStatusTargets('NO_SERVICE', { ...actor, canEdit: false }, 'INFO_PROVIDED')).toEqual([]);
  });
});
