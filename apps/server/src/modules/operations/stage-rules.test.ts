import { beforeAll, describe, expect, it } from 'vitest';
import { defineModule } from '../../platform/modules';
import { daysFromToday, EDIT_ALL, errorsOf, setUpOperations } from '../../test/operations-world';
import { type SignedIn, signIn } from '../../test/users';
import { runArchiver } from './archiver';

const AWAITING = 'Awaiting the warehouse.';

/** What a warehouse module would add to the stage rules: a closure check and a behaviour of its own. */
const warehouseProbe = defineModule({
  name: 'warehouse-probe',
  contributes: {
    stageRules: {
      warehouse: {
        closureChecks: {
          awaitingWarehouse: ({ stage }) =>
            stage.behaviours.includes('PROBE_RECEIPT') ? { path: [], message: AWAITING } : null,
        },
        behaviours: { PROBE_RECEIPT: { ignoredByArchiver: true } },
      },
    },
  },
});

const ops = setUpOperations([warehouseProbe]);
let manager: SignedIn;
let client: number;

beforeAll(async () => {
  manager = await signIn(ops.ctx, [...EDIT_ALL, 'ROLE_STAGE_MANAGE_ALL']);
  client = await ops.world.counterparty();
});

describe("the stage rules the app's modules contribute", () => {
  it('run their closure checks when a user closes a stage', async () => {
    const order = await ops.createOrder(manager, client);
    const path = `/api/tms/orders/${order.id}`;
    const receipt = await ops.addStage(manager, path, ['PROBE_RECEIPT']);
    expect(errorsOf(await ops.closeStage(manager, path, receipt))).toEqual({ '': [AWAITING] });
    const plain = await ops.addStage(manager, path, []);
    expect((await ops.closeStage(manager, path, plain)).statusCode).toBe(200);
  });

  it('let the archiver pass over the stages of their behaviours that the archiver ignores', async () => {
    const order = await ops.createOrder(manager, client);
    const path = `/api/tms/orders/${order.id}`;
    const done = await ops.addStage(manager, path, []);
    expect((await ops.closeStage(manager, path, done)).statusCode).toBe(200);
    await ops.addStage(manager, path, ['PROBE_RECEIPT']);
    const blockers = await ops.call('GET', `${path}/archive-blockers`, manager);
    expect(blockers.json().data).toEqual(['tooRecent']);
    const run = await runArchiver({ tx: ops.db, registries: ops.ctx.app.registries }, daysFromToday(40));
    expect(run.orders).toContain(order.id);
  });
});
