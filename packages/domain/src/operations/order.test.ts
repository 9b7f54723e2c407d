import { describe, expect, it } from 'vitest';
import { COUNTERPARTY_MESSAGES } from '../counterparties/messages';
import { completeDefinition } from '../custom-fields/definitions';
import { sampleOrder } from './fixtures';
import { OPERATION_MESSAGES as M } from './messages';
import {
  clientOrderIssue,
  copyOrder,
  deniedCargoFields,
  orderCreateSchema,
  orderFieldRole,
  orderResource,
  orderSchema,
  orderUpdateSchema,
  padId,
  serviceIssue,
} from './order';

describe('padId', () => {
  it('pads ids and numbers to 6 digits', () => {
    expect(padId(42)).toBe('000042');
    expect(padId(1)).toBe('000001');
    expect(padId(123456)).toBe('123456');
    expect(padId(1234567)).toBe('1234567');
    expect(padId('7')).toBe('000007');
  });
});

describe('order schemas', () => {
  it('parse a full create body and its partial update', () => {
    const body = {
      clientId: 7,
      productId: 2,
      serviceId: 5,
      serviceOfficeId: 1,
      forwarderId: 11,
      sellerId: 12,
      curatorIds: [13, 13, 14],
      transportType: 'sea',
      shipmentTermId: 3,
      paymentTermsBasis: 'BILL',
      paymentTermsDays: 15,
      route: [
        { kind: 'dispatch', address: 'Shanghai' },
        { kind: 'delivery', address: 'Санкт-Петербург', countryId: 2 },
      ],
      cargo: { description: 'Textiles', weight: '5000' },
      customFieldGroupId: 4,
      customFields: { po: 'PO-1' },
      failure: false,
      damaged: false,
      completionDate: null,
    };
    expect(orderCreateSchema.parse(body).curatorIds).toEqual([13, 14]);
    expect(orderUpdateSchema.safeParse({ version: 3, paymentTermsDays: 20 }).success).toBe(true);
    expect(orderUpdateSchema.safeParse({ paymentTermsDays: 20 }).success).toBe(false);
    expect(orderSchema.parse(sampleOrder)).toEqual(sampleOrder);
  });

  it('refuse bad values at their paths', () => {
    const result = orderCreateSchema.safeParse({
      clientId: 0,
      productId: 2,
      transportType: 'truck',
      paymentTermsDays: 400,
      cargo: { unitSystem: 'imperial', weight: '0.5' },
    });
    const paths = result.error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(paths).toEqual(
      expect.arrayContaining([
        ['clientId', 'This value is too small.'],
        ['transportType', 'The value you selected is not a valid choice.'],
        ['paymentTermsDays', 'This value is too big.'],
        ['cargo.weight', M.weightMinimum],
      ]),
    );
  });
});

describe('order rules', () => {
  it('guards fields by role', () => {
    expect(orderFieldRole('damaged', true)).toBe('ROLE_ORDER_CARGO_DAMAGE');
    expect(orderFieldRole('completionDate', false)).toBe('ROLE_ORDER_COMPLETION_MARK');
    expect(orderFieldRole('clientId', false)).toBe('ROLE_ORDER_COUNTERPARTY_CHANGE');
    expect(orderFieldRole('clientId', true)).toBeUndefined();
    expect(orderFieldRole('route', false)).toBeUndefined();
  });

  it("refuses a client black-listed or not a client (its credit is the server's rule)", () => {
    const good = { client: true, blackList: false };
    expect(clientOrderIssue(good)).toBeNull();
    expect(clientOrderIssue({ ...good, client: false })).toEqual({
      path: ['clientId'],
      message: M.notClient,
    });
    expect(clientOrderIssue({ ...good, blackList: true })).toEqual({
      path: ['clientId'],
      message: COUNTERPARTY_MESSAGES.blackListed,
    });
  });

  it('keeps the service within the product', () => {
    expect(serviceIssue(5, { serviceIds: [5, 6] })).toBeNull();
    expect(serviceIssue(null, { serviceIds: [] })).toBeNull();
    expect(serviceIssue(9, { serviceIds: [5] })).toEqual({
      path: ['serviceId'],
      message: M.serviceNotInProduct,
    });
  });
});

describe('copyOrder', () => {
  const definitions = [
    completeDefinition({ code: 'po', description: 'PO', type: 'text', inheritOnCopy: true }),
    completeDefinition({ code: 'note', description: 'Note', type: 'text' }),
    completeDefinition({
      code: 'contract',
      description: 'Contract',
      type: 'text',
      inheritOnJobCreation: true,
    }),
    completeDefinition({ code: 'scan', description: 'Scan', type: 'file', inheritOnCopy: true }),
  ];

  it('copies who, what and where, custom fields flagged inherit on copy, and nothing of the state', () => {
    const copy = copyOrder(sampleOrder, definitions);
    expect(copy).toEqual({
      clientId: 7,
      productId: 2,
      serviceId: 5,
      serviceOfficeId: 1,
      forwarderId: 11,
      sellerId: 12,
      curatorIds: [13, 14],
      transportType: 'auto',
      shipmentTermId: 3,
      paymentTermsBasis: 'DELIVERY',
      paymentTermsDays: 30,
      plannedIncome: '180000.00',
      route: sampleOrder.route.map((p) => ({ ...p, dateFrom: null, dateTo: null })),
      cargo: expect.objectContaining({
        description: 'Auto parts',
        weight: '1200',
        tnvedCodes: ['8708999709'],
      }),
      customFieldGroupId: 4,
      customFields: { po: 'PO-1' },
    });
    expect(copy.cargo).not.toHaveProperty('declaredValuePerKg');
    expect(orderCreateSchema.safeParse(copy).success).toBe(true);
    copy.curatorIds?.push(99);
    expect(sampleOrder.curatorIds).toEqual([13, 14]);
  });
});

describe('orderResource', () => {
  it('is the order list at /tms/orders guarded by the scoped order permissions', () => {
    expect(orderResource.name).toBe('order');
    expect(orderResource.path).toBe('/tms/orders');
    expect(orderResource.roles.view).toEqual(
      expect.arrayContaining(['ROLE_ORDER_VIEW_OWN', 'ROLE_ORDER_VIEW_RELATED', 'ROLE_FORWARDER_VIEW']),
    );
    expect(orderResource.roles.edit).toEqual([
      'ROLE_ORDER_EDIT_OWN',
      'ROLE_ORDER_EDIT_RELATED',
      'ROLE_ORDER_EDIT_SUBORDINATES',
      'ROLE_ORDER_EDIT_OFFICE',
      'ROLE_ORDER_EDIT_ALL',
    ]);
    // Forwarder view reads, never writes.
    expect(orderResource.roles.edit).not.toContain('ROLE_FORWARDER_VIEW');
  });

  it('filters by every status, client, office, forwarder, contractor, dates and archived', () => {
    const filterable = orderResource.fields.filter((f) => f.filterable).map((f) => f.name);
    expect(filterable).toEqual(
      expect.arrayContaining([
        'financeControlStatus',
        'cargoInsuranceStatus',
        'tnvedControlStatus',
        'transfersStatus',
        'markingStatus',
        'clientId',
        'serviceOfficeId',
        'forwarderId',
        'contractorIds',
        'dispatchDate',
        'deliveryDate',
        'completionDate',
        'createdAt',
        'archived',
        'stageDue',
      ]),
    );
    const searchable = orderResource.fields.filter((f) => f.searchable).map((f) => f.name);
    expect(searchable.sort()).toEqual(['cargoDescription', 'clientName', 'number']);
  });

  it('labels every field by a key and names only entity fields, except the computed filter', () => {
    const entity = Object.keys(orderSchema.shape);
    for (const field of orderResource.fields) {
      // The texts are in the web's dictionaries (apps/web: every descriptor key exists in ru and en).
      expect(field.label, field.name).toMatch(/^(operations\.)?fields\./);
      if (field.name !== 'stageDue') expect(entity, field.name).toContain(field.name);
      if (field.type === 'enum')
        expect(Object.keys(field.optionLabels ?? {}).sort()).toEqual([...(field.options ?? [])].sort());
    }
    expect(orderResource.fields.find((f) => f.name === orderResource.defaultSort.field)?.sortable).toBe(true);
  });
});

describe('cargo flags that need a role', () => {
  const editor = { roles: [] as string[] };
  const liquid = { roles: ['ROLE_ORDER_LIQUID'] };
  it('refuses setting or clearing liquid cargo without ROLE_ORDER_LIQUID, and nothing else', () => {
    expect(deniedCargoFields({ liquid: true }, null, editor)).toEqual(['liquid']);
    expect(deniedCargoFields({ liquid: false }, { liquid: true }, editor)).toEqual(['liquid']);
    expect(deniedCargoFields({ liquid: true }, { liquid: true }, editor)).toEqual([]);
    expect(deniedCargoFields({ liquid: false, stackable: true }, null, editor)).toEqual([]);
    expect(deniedCargoFields(undefined, { liquid: true }, editor)).toEqual([]);
    expect(deniedCargoFields({ liquid: true }, null, liquid)).toEqual([]);
  });
});
