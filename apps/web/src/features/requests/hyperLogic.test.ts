import type { HyperRequest } from '@tms/domain';
import { describe, expect, it } from 'vitest';
import { emptyLot, errorEntries, hyperBodyOf, hyperFormValuesOf, withdrawnLots } from './hyperLogic';
import { creatorDefaultsOf, requestFormValuesOf } from './logic';

const saved = {
  id: 7,
  name: 'Тендер',
  clientId: 3,
  lots: [
    {
      requestId: 11,
      name: 'Лот 1',
      number: 11,
      status: 'NEED_MORE_INFO',
      route: [],
      transportTypes: ['auto'],
      cargoDescription: null,
    },
    {
      requestId: 12,
      name: 'Лот 2',
      number: 12,
      status: 'QUOTE_NOT_COMPLETED',
      route: [],
      transportTypes: ['rail'],
      cargoDescription: null,
    },
  ],
} as unknown as HyperRequest;

describe("the hyper request form's body", () => {
  it('sends a saved lot by its request and name, a new one with its route and cargo', () => {
    const values = hyperFormValuesOf(saved);
    const added = { ...emptyLot(' Лот 3 '), transportTypes: ['sea' as const] };
    added.route[0]!.address = ' Шанхай ';
    added.cargo.description = 'Игрушки';
    const body = hyperBodyOf({ ...values, lots: [...values.lots, added] }, saved);
    expect(body.lots).toEqual([
      { requestId: 11, name: 'Лот 1' },
      { requestId: 12, name: 'Лот 2' },
      expect.objectContaining({ name: 'Лот 3', transportTypes: ['sea'] }),
    ]);
    const sent = body.lots[2] as { route: { address: string }[]; cargo: { description: string } };
    expect(sent.route[0]!.address).toBe('Шанхай');
    expect(sent.cargo.description).toBe('Игрушки');
    expect(body).not.toHaveProperty('withdrawalReason');
  });

  it('names the lots taken out and sends the reason only then', () => {
    const values = hyperFormValuesOf(saved);
    const kept = [values.lots[0]!];
    expect(withdrawnLots(saved, kept).map((lot) => lot.requestId)).toEqual([12]);
    expect(hyperBodyOf({ ...values, lots: kept, withdrawalReason: ' Снят ' }, saved)).toMatchObject({
      withdrawalReason: 'Снят',
    });
    expect(hyperBodyOf({ ...values, lots: kept }, saved)).toMatchObject({ withdrawalReason: null });
  });

  it("reads a lot's refusals by their path below the lot", () => {
    const error = {
      route: [undefined, { address: { type: 'server', message: 'blank' } }],
      transportTypes: { type: 'server', message: 'none' },
    };
    expect(errorEntries(error)).toEqual([
      ['route.1.address', 'blank'],
      ['transportTypes', 'none'],
    ]);
  });
});

describe('a new tender', () => {
  it("starts sold by its creator and served by the creator's office; a saved one keeps its own", () => {
    const creator = creatorDefaultsOf({ id: 5, serviceOffice: { id: 2 } });
    expect(hyperFormValuesOf(null, creator)).toMatchObject({ sellerId: 5, serviceOfficeId: 2 });
    expect(requestFormValuesOf(null, creator)).toMatchObject({ sellerId: 5, serviceOfficeId: 2 });
    expect(requestFormValuesOf(null, creatorDefaultsOf({ id: 5, serviceOffice: null }))).toMatchObject({
      serviceOfficeId: null,
    });
    expect(hyperFormValuesOf({ ...saved, serviceOfficeId: null }, creator).serviceOfficeId).toBeNull();
  });
});
