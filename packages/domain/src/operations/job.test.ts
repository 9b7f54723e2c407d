import { describe, expect, it } from 'vitest';
import { MATERIAL_ASSET_MESSAGES } from '../company/material-assets';
import { COUNTERPARTY_MESSAGES } from '../counterparties/messages';
import { completeDefinition } from '../custom-fields/definitions';
import { sampleOrder } from './fixtures';
import {
  JOB_FIELD_ROLES,
  jobCanHaveBills,
  jobContractorIssue,
  jobCostIssue,
  jobCreateSchema,
  jobDefaultsFromOrder,
  jobFieldRole,
  jobOrderIssue,
  jobResource,
  jobSchema,
  jobTypeIssue,
  jobUpdateSchema,
  trackingJobIssue,
} from './job';
import { OPERATION_MESSAGES as M } from './messages';

const forwarder = { roles: ['ROLE_JOB_EDIT_OWN'], isSystem: false };
const consolidator = { roles: ['ROLE_JOB_EDIT_OWN', 'ROLE_ORDER_CONSOLIDATION'], isSystem: false };

describe('job schemas', () => {
  it('parse a create body and its partial update', () => {
    const job = jobCreateSchema.parse({
      jobTypeId: 1,
      contractorId: 21,
      orderIds: [42, 42],
      route: [{ kind: 'dispatch', address: 'Hamburg' }],
      costAmount: '1500.00',
      costCurrencyId: 2,
      tracking: false,
      customFields: { contract: 'C-7' },
    });
    expect(job.orderIds).toEqual([42]);
    expect(jobUpdateSchema.safeParse({ version: 1, costAmount: '10' }).success).toBe(true);
  });

  it('refuse a job without orders with the spec’s message', () => {
    const result = jobCreateSchema.safeParse({ jobTypeId: 1, orderIds: [] });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['orderIds', 'job has no orders'],
    ]);
    expect(jobCreateSchema.safeParse({ jobTypeId: 1, orderIds: [1], costAmount: '1.999' }).success).toBe(
      false,
    );
  });
});

describe('job rules', () => {
  it('have exactly one order unless the user may consolidate', () => {
    expect(jobOrderIssue([42], forwarder)).toBeNull();
    expect(jobOrderIssue([], consolidator)).toEqual({ path: ['orderIds'], message: M.jobNoOrders });
    expect(jobOrderIssue([42, 43], forwarder)).toEqual({
      path: ['orderIds'],
      message: 'job has more than one order',
    });
    expect(jobOrderIssue([42, 43], consolidator)).toBeNull();
    expect(jobOrderIssue([42, 43], { roles: ['ROLE_ADMIN'], isSystem: false })).toBeNull();
  });

  it('need a job type compatible with the product of every order', () => {
    expect(jobTypeIssue({ productIds: [2, 3] }, [{ productId: 2 }])).toBeNull();
    expect(jobTypeIssue({ productIds: [2, 3] }, [{ productId: 2 }, { productId: 3 }])).toBeNull();
    expect(jobTypeIssue({ productIds: [2] }, [{ productId: 2 }, { productId: 4 }])).toEqual({
      path: ['jobTypeId'],
      message: 'job type incompatible with order product',
    });
    expect(jobTypeIssue({ productIds: [] }, [{ productId: 2 }])).not.toBeNull();
  });

  it('need a contractor, not black-listed, with liquid access for liquid cargo', () => {
    const good = { contractor: true, blackList: false, liquidAccess: false };
    expect(jobContractorIssue(good, false)).toBeNull();
    expect(jobContractorIssue(good, true)).toEqual({
      path: ['contractorId'],
      message: 'contractor has no liquid access',
    });
    expect(jobContractorIssue({ ...good, liquidAccess: true }, true)).toBeNull();
    expect(jobContractorIssue({ ...good, blackList: true }, false)).toEqual({
      path: ['contractorId'],
      message: COUNTERPARTY_MESSAGES.blackListed,
    });
    expect(jobContractorIssue({ ...good, contractor: false }, false)).toEqual({
      path: ['contractorId'],
      message: M.notContractor,
    });
  });

  it('never give a tracking job bills', () => {
    expect(trackingJobIssue({ tracking: true, billCount: 0 })).toBeNull();
    expect(trackingJobIssue({ tracking: false, billCount: 3 })).toBeNull();
    expect(trackingJobIssue({ tracking: true, billCount: 1 })).toEqual({
      path: ['tracking'],
      message: 'A tracking job cannot have bills.',
    });
    expect(jobCanHaveBills({ tracking: true })).toBe(false);
    expect(jobCanHaveBills({ tracking: false })).toBe(true);
  });

  it('need a currency for a cost', () => {
    expect(jobCostIssue({ costAmount: '100.00', costCurrencyId: 2 })).toBeNull();
    expect(jobCostIssue({ costAmount: null })).toBeNull();
    expect(jobCostIssue({ costAmount: '100.00' })).toEqual({
      path: ['costCurrencyId'],
      message: MATERIAL_ASSET_MESSAGES.currencyRequired,
    });
  });
});

describe('jobDefaultsFromOrder', () => {
  it('takes the order, its route, office, forwarder and the custom fields inherited on job creation', () => {
    const definitions = [
      completeDefinition({ code: 'po', description: 'PO', type: 'text', inheritOnCopy: true }),
      completeDefinition({
        code: 'contract',
        description: 'Contract',
        type: 'text',
        inheritOnJobCreation: true,
      }),
      completeDefinition({ code: 'scan', description: 'Scan', type: 'file', inheritOnJobCreation: true }),
    ];
    const defaults = jobDefaultsFromOrder(sampleOrder, definitions);
    expect(defaults).toEqual({
      orderIds: [42],
      route: sampleOrder.route,
      serviceOfficeId: 1,
      forwarderId: 11,
      customFieldGroupId: 4,
      customFields: { contract: 'C-7' },
    });
    expect(defaults.route[0]).not.toBe(sampleOrder.route[0]);
    expect(jobCreateSchema.safeParse({ ...defaults, jobTypeId: 1 }).success).toBe(true);
  });
});

describe('jobFieldRole', () => {
  it('needs the damage and completion roles on create and on change', () => {
    for (const existing of [null, { contractorId: 21 }]) {
      expect(jobFieldRole('damaged', existing)).toBe('ROLE_ORDER_CARGO_DAMAGE');
      expect(jobFieldRole('completionDate', existing)).toBe('ROLE_ORDER_COMPLETION_MARK');
    }
  });

  it('leaves choosing a contractor free and makes replacing one a counterparty change', () => {
    expect(jobFieldRole('contractorId', null)).toBeUndefined();
    expect(jobFieldRole('contractorId', { contractorId: null })).toBeUndefined();
    expect(jobFieldRole('contractorId', { contractorId: 21 })).toBe('ROLE_ORDER_COUNTERPARTY_CHANGE');
  });

  it('locks only fields of the job, and leaves the rest to edit access', () => {
    const fields = jobResource.fields.map((f) => f.name);
    for (const field of Object.keys(JOB_FIELD_ROLES)) expect(fields).toContain(field);
    for (const field of ['jobTypeId', 'orderIds', 'route', 'costAmount', 'tracking', 'forwarderId']) {
      expect(jobFieldRole(field, { contractorId: 21 }), field).toBeUndefined();
    }
  });
});

describe('jobResource', () => {
  it('is the job list at /tms/jobs', () => {
    expect(jobResource.name).toBe('job');
    expect(jobResource.path).toBe('/tms/jobs');
    expect(jobResource.roles.view).toEqual(
      expect.arrayContaining(['ROLE_JOB_VIEW_ALL', 'ROLE_JOB_VIEW_RELATED', 'ROLE_FORWARDER_VIEW']),
    );
    expect(jobResource.roles.edit).not.toContain('ROLE_FORWARDER_VIEW');
    const entity = Object.keys(jobSchema.shape);
    for (const field of jobResource.fields) {
      expect(entity, field.name).toContain(field.name);
      // The texts are in the web's dictionaries (apps/web: every descriptor key exists in ru and en).
      expect(field.label, field.name).toMatch(/^(operations\.)?fields\./);
    }
    const filterable = jobResource.fields.filter((f) => f.filterable).map((f) => f.name);
    expect(filterable).toEqual(
      expect.arrayContaining(['contractorId', 'clientIds', 'orderIds', 'financeControlStatus', 'archived']),
    );
  });
});
