import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database, Db, Tx } from '../../db/connection';

/**
 * The database's second wall around a cabinet (docs/decisions/016-cabinet-wall.md): on PostgreSQL a cabinet's
 * call is one transaction run as the role `tms_cabinet` (neither owner nor superuser) with its counterparty set
 * for that transaction only, so the row-level policies of migration 0080 show and take only that
 * counterparty's rows whatever the kernel's own predicates say. A held object so the isolation suite can take
 * the wall down on purpose (`role` answering null) and see the kernel's predicates alone.
 */
export const CABINET_WALL = {
  role: (): string | null => 'tms_cabinet',
};

interface HeldTransaction {
  tx: Tx;
  end(commit: boolean): Promise<void>;
}

/**
 * A transaction kept open across a request: `db.transaction` takes a callback, so the callback waits for
 * the request's end, and its outcome (commit, or rollback by throwing) is the transaction's.
 */
function holdTransaction(db: Db, role: string, counterpartyId: number): Promise<HeldTransaction> {
  return new Promise((opened, failed) => {
    let finish: (commit: boolean) => void = () => {};
    const decided = new Promise<boolean>((resolve) => {
      finish = resolve;
    });
    const done = db.transaction(async (tx) => {
      await tx.execute(sql`SELECT set_config('tms.cabinet_counterparty', ${String(counterpartyId)}, true)`);
      await tx.execute(sql.raw(`SET LOCAL ROLE ${role}`));
      opened({
        tx,
        async end(commit) {
          finish(commit);
          await done.catch((error) => {
            if (commit) throw error;
          });
        },
      });
      if (!(await decided)) throw ROLLBACK;
    });
    done.catch((error) => {
      if (error !== ROLLBACK) failed(error);
    });
  });
}

const ROLLBACK = Symbol('rollback');

/**
 * Puts every cabinet call on PostgreSQL behind the wall: opened once the guard has the cabinet principal and
 * the body is valid, committed before an answer under 400 is sent, rolled back otherwise (and if the
 * request ends any other way). The embedded database has one connection for everyone: a call held open
 * there would stop the others, so the kernel's predicates stand alone on it.
 */
export function registerCabinetWall(app: FastifyInstance, database: Database): void {
  app.decorateRequest('cabinetTx', null);
  if (database.kind !== 'pg') return;
  const release = async (request: FastifyRequest, commit: boolean) => {
    const held = request.cabinetTx;
    if (!held) return;
    request.cabinetTx = null;
    await held.end(commit);
  };
  // Callback hooks that return at once for a staff user's call (all but the cabinets'): an async hook costs
  // every request a promise.
  app.addHook('preHandler', (request, _reply, done) => {
    const role = CABINET_WALL.role();
    if (!request.cabinet || !role) return done();
    holdTransaction(database.db, role, request.cabinet.counterpartyId).then((held) => {
      request.cabinetTx = held;
      done();
    }, done);
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!request.cabinetTx) return done(null, payload);
    release(request, reply.statusCode < 400).then(() => done(null, payload), done);
  });
  app.addHook('onResponse', (request, _reply, done) => {
    if (!request.cabinetTx) return done();
    release(request, false).then(() => done(), done);
  });
  app.addHook('onRequestAbort', (request, done) => {
    if (!request.cabinetTx) return done();
    release(request, false).then(() => done(), done);
  });
}

/** The database a route's caller works on: his cabinet's walled transaction, or the database itself. */
export function requestDb(request: FastifyRequest): Tx {
  return request.cabinetTx?.tx ?? request.server.database.db;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The walled transaction of a cabinet's call on PostgreSQL (`registerCabinetWall`). */
    cabinetTx: HeldTransaction | null;
  }
}
