import { describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR } from './actor';
import { OPERATION_MESSAGES as M } from './messages';
import {
  applyOrderEffects,
  behaviourEffects,
  canReopenStage,
  expectedDateIssue,
  ignoredByArchiver,
  isStageOverdue,
  lastClosedStageDate,
  markingStageClosed,
  type OrderEffectState,
  operationStartDate,
  type StageRuleAdditions,
  stageBehaviourEffects,
  stageCloseIssues,
  stageCloseSchema,
  stageCreateSchema,
  stageFromType,
  stageReopenIssue,
  stageRules,
} from './stages';

const forwarder = { roles: [], isSystem: false };

describe('stage schemas', () => {
  it('parse the create and close bodies', () => {
    expect(stageCreateSchema.parse({ stageTypeId: 3, expectedDate: '2025-03-10' })).toEqual({
      stageTypeId: 3,
      expectedDate: '2025-03-10',
    });
    expect(stageCreateSchema.safeParse({ stageTypeId: 3, expectedDate: '10.03.2025' }).success).toBe(false);
    expect(stageCloseSchema.safeParse({ version: 1 }).success).toBe(true);
  });

  it('take names, visibility and behaviours from the type', () => {
    const type = {
      name: 'Погрузка',
      pccName: null,
      pccVisible: true,
      opsName: 'Loading',
      opsVisible: false,
      behaviours: ['MARK_ORDER_READY'],
      sortOrder: 10,
    };
    expect(stageFromType(type)).toEqual({
      name: 'Погрузка',
      pccName: 'Погрузка',
      pccVisible: true,
      opsName: 'Loading',
      opsVisible: false,
      behaviours: ['MARK_ORDER_READY'],
      sortOrder: 10,
    });
  });
});

describe('expected date', () => {
  const stages = [
    { closed: true, actualDate: '2025-03-05' },
    { closed: true, actualDate: '2025-03-07' },
    { closed: false, actualDate: null },
  ];

  it('must be later than the last closed stage', () => {
    expect(lastClosedStageDate(stages)).toBe('2025-03-07');
    expect(expectedDateIssue('2025-03-08', stages)).toBeNull();
    expect(expectedDateIssue('2025-03-07', stages)).toEqual({
      path: ['expectedDate'],
      message: 'expected completion date must be later than the last closed stage',
    });
    expect(expectedDateIssue('2025-03-01', stages)).not.toBeNull();
    expect(expectedDateIssue(null, stages)).toBeNull();
    expect(expectedDateIssue('2025-01-01', [{ closed: false, actualDate: null }])).toBeNull();
  });
});

describe('closing and re-opening', () => {
  const stage = (id: number, sortOrder: number, closed = false) => ({
    id,
    sortOrder,
    closed,
    behaviours: [],
  });
  const stages = [stage(1, 10, true), stage(2, 20), stage(3, 30)];
  const base = { today: '2025-03-10', actualDate: '2025-03-10', stages, actor: forwarder };

  it('closes the next stage on or before today', () => {
    expect(stageCloseIssues({ ...base, stage: stages[1]! })).toEqual([]);
    expect(stageCloseIssues({ ...base, stage: stages[1]!, actualDate: '2025-03-11' })).toEqual([
      { path: ['actualDate'], message: M.futureDate },
    ]);
    expect(stageCloseIssues({ ...base, stage: stages[0]! })).toEqual([{ path: [], message: M.stageClosed }]);
  });

  it('keeps the order of stages unless the user may ignore closure checks', () => {
    expect(stageCloseIssues({ ...base, stage: stages[2]! })).toEqual([
      { path: [], message: 'has open stages' },
    ]);
    const ignoring = { roles: ['ROLE_IGNORE_STAGE_CLOSURE_CHECKS'], isSystem: false };
    expect(stageCloseIssues({ ...base, stage: stages[2]!, actor: ignoring })).toEqual([]);
    expect(stageCloseIssues({ ...base, stage: stages[2]!, actor: SYSTEM_ACTOR })).toEqual([]);
  });

  it('runs the closure checks modules add, once per name', () => {
    const wms: StageRuleAdditions = {
      closureChecks: {
        'test-wms': ({ stage }) =>
          stage.sortOrder === 99 ? { path: [], message: 'Awaiting WMS confirmation.' } : null,
      },
    };
    expect(() => stageRules(wms, wms)).toThrow();
    expect(() => stageRules({ closureChecks: { previousStagesClosed: () => null } })).toThrow();
    const context = { ...base, stages: [stage(9, 99)], stage: stage(9, 99) };
    expect(stageCloseIssues(context, stageRules(wms))).toEqual([
      { path: [], message: 'Awaiting WMS confirmation.' },
    ]);
    // The built-in rules stay as they were.
    expect(stageCloseIssues(context)).toEqual([]);
  });

  it('re-opens a closed stage with its role', () => {
    expect(canReopenStage(forwarder)).toBe(false);
    expect(canReopenStage({ roles: ['ROLE_STAGE_REOPEN'], isSystem: false })).toBe(true);
    expect(stageReopenIssue({ closed: true })).toBeNull();
    expect(stageReopenIssue({ closed: false })).toEqual({ path: [], message: M.stageOpen });
  });
});

describe('behaviour effects', () => {
  it('say what closing a stage does to its order', () => {
    const closing = { actualDate: '2025-03-10' };
    expect(behaviourEffects(['MARK_ORDER_READY'], 'close', closing)).toEqual([
      { type: 'financeControl', status: 'READY' },
    ]);
    expect(behaviourEffects(['AUTO_SET_ORDER_COMPLETION_DATE'], 'close', closing)).toEqual([
      { type: 'completionDate', date: '2025-03-10' },
    ]);
    expect(behaviourEffects(['FAILURE', 'EXPENSES_FILED'], 'close', closing)).toEqual([
      { type: 'failure', value: true },
      { type: 'expensesFiled', value: true },
    ]);
    expect(behaviourEffects(['WAREHOUSE_IN'])).toEqual([{ type: 'inWarehouse', value: true }]);
    expect(behaviourEffects(['WAREHOUSE_OUT'])).toEqual([{ type: 'inWarehouse', value: false }]);
    expect(behaviourEffects(['CZ_MARKING_STARTED'])).toEqual([{ type: 'marking', status: 'marking' }]);
    expect(behaviourEffects(['CZ_MARKING_COMPLETED'])).toEqual([{ type: 'marking', status: 'marked' }]);
    expect(behaviourEffects(['IGNORE_ARCHIVER', 'WMS_AA', 'CUSTOMS_FTL', 'DOCUMENT_GENERATION'])).toEqual([]);
  });

  it('say what re-opening takes back', () => {
    const reopening = { actualDate: '2025-03-10' };
    expect(behaviourEffects(['FAILURE'], 'reopen')).toEqual([{ type: 'failure', value: false }]);
    expect(behaviourEffects(['WAREHOUSE_IN'], 'reopen')).toEqual([{ type: 'inWarehouse', value: false }]);
    expect(behaviourEffects(['WAREHOUSE_OUT'], 'reopen')).toEqual([{ type: 'inWarehouse', value: true }]);
    expect(behaviourEffects(['CZ_MARKING_STARTED'], 'reopen')).toEqual([
      { type: 'marking', status: 'required' },
    ]);
    expect(behaviourEffects(['CZ_MARKING_COMPLETED'], 'reopen')).toEqual([
      { type: 'marking', status: 'marking' },
    ]);
    expect(behaviourEffects(['AUTO_SET_ORDER_COMPLETION_DATE'], 'reopen', reopening)).toEqual([
      { type: 'completionDate', date: null, replaces: '2025-03-10' },
    ]);
    expect(behaviourEffects(['MARK_ORDER_READY'], 'reopen')).toEqual([]);
  });

  it('are rules a module extends once per behaviour', () => {
    const rules = stageRules({
      behaviours: { WMS_AR: { close: () => [{ type: 'module', behaviour: 'WMS_AR', event: 'close' }] } },
    });
    expect(behaviourEffects(['WMS_AR'], 'close', { actualDate: null }, rules)).toEqual([
      { type: 'module', behaviour: 'WMS_AR', event: 'close' },
    ]);
    expect(stageBehaviourEffects('WMS_AR', rules)).toBeDefined();
    expect(stageBehaviourEffects('WMS_AR')).toBeUndefined();
    expect(() => stageRules({ behaviours: { FAILURE: {} } })).toThrow();
  });

  it('mark stages the archiver and the start date ignore', () => {
    expect(ignoredByArchiver(['IGNORE_ARCHIVER'])).toBe(true);
    expect(ignoredByArchiver(['FAILURE'])).toBe(false);
    expect(
      operationStartDate([
        { closed: true, actualDate: '2025-03-01', behaviours: ['IGNORE_OP_START_DATE'] },
        { closed: true, actualDate: '2025-03-04', behaviours: [] },
        { closed: false, actualDate: null, behaviours: [] },
      ]),
    ).toBe('2025-03-04');
    expect(operationStartDate([])).toBeNull();
  });

  it('know when a marking stage has closed', () => {
    expect(markingStageClosed([{ closed: false, behaviours: ['CZ_MARKING_STARTED'] }])).toBe(false);
    expect(markingStageClosed([{ closed: true, behaviours: ['CZ_MARKING_STARTED'] }])).toBe(true);
    expect(markingStageClosed([{ closed: true, behaviours: ['FAILURE'] }])).toBe(false);
  });
});

describe('applyOrderEffects', () => {
  const order: OrderEffectState = {
    archived: false,
    financeControlStatus: 'NOT_READY',
    markingStatus: 'required',
    completionDate: null,
    failure: false,
    inWarehouse: false,
    expensesFiled: false,
    billsComplete: true,
  };

  it('applies the effects of closing a stage', () => {
    const effects = behaviourEffects(
      ['MARK_ORDER_READY', 'AUTO_SET_ORDER_COMPLETION_DATE', 'FAILURE', 'WAREHOUSE_IN', 'CZ_MARKING_STARTED'],
      'close',
      { actualDate: '2025-03-10' },
    );
    const result = applyOrderEffects(order, effects);
    expect(result.state).toEqual({
      archived: false,
      financeControlStatus: 'READY',
      markingStatus: 'marking',
      completionDate: '2025-03-10',
      failure: true,
      inWarehouse: true,
      expensesFiled: false,
      billsComplete: true,
    });
    expect(result.changed.sort()).toEqual(
      ['completionDate', 'failure', 'financeControlStatus', 'inWarehouse', 'markingStatus'].sort(),
    );
  });

  it('changes statuses only where the system may', () => {
    const accepted = {
      ...order,
      financeControlStatus: 'ACCEPTED' as const,
      markingStatus: 'not_required' as const,
    };
    const effects = behaviourEffects(['MARK_ORDER_READY', 'CZ_MARKING_STARTED']);
    expect(applyOrderEffects(accepted, effects)).toEqual({ state: accepted, changed: [], moduleEffects: [] });
    const archived = { ...order, archived: true };
    expect(applyOrderEffects(archived, effects).state.financeControlStatus).toBe('NOT_READY');
    const unbilled = { ...order, billsComplete: false };
    expect(applyOrderEffects(unbilled, effects).state.financeControlStatus).toBe('NOT_READY');
  });

  it('clears only the completion date the stage set', () => {
    const effects = behaviourEffects(['AUTO_SET_ORDER_COMPLETION_DATE'], 'reopen', {
      actualDate: '2025-03-10',
    });
    expect(
      applyOrderEffects({ ...order, completionDate: '2025-03-10' }, effects).state.completionDate,
    ).toBeNull();
    expect(applyOrderEffects({ ...order, completionDate: '2025-03-12' }, effects).state.completionDate).toBe(
      '2025-03-12',
    );
  });

  it('hands module effects back', () => {
    const effect = { type: 'module' as const, behaviour: 'WMS_AA', event: 'close' as const };
    expect(applyOrderEffects(order, [effect]).moduleEffects).toEqual([effect]);
  });
});

describe('isStageOverdue', () => {
  const today = '2025-03-10';
  it('is an open stage whose expected date has passed', () => {
    expect(isStageOverdue({ closed: false, expectedDate: '2025-03-09' }, today)).toBe(true);
    expect(isStageOverdue({ closed: false, expectedDate: '2024-12-31' }, today)).toBe(true);
  });

  it('is not late on the expected day itself, before it, without a date or once closed', () => {
    expect(isStageOverdue({ closed: false, expectedDate: '2025-03-10' }, today)).toBe(false);
    expect(isStageOverdue({ closed: false, expectedDate: '2025-03-11' }, today)).toBe(false);
    expect(isStageOverdue({ closed: false, expectedDate: null }, today)).toBe(false);
    expect(isStageOverdue({ closed: true, expectedDate: '2025-03-01' }, today)).toBe(false);
  });
});
