import { ACQUIRING_ROLES, acquiringResource, acquiringTotalsSchema, dataSchema } from '@tms/domain';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/connection';
import type { App } from '../../platform/http/types';
import { registerResourceRoutes, requestContext } from '../../platform/resources';
import { listWhere } from '../../platform/resources/query';
import { currencies } from '../reference-data';
import { acquiringReadScope, acquiringService } from './acquiring';
import { acquiringOperations } from './tables';

/** Bank acquiring: the resource's routes and the totals of a list filter per currency. */
export function registerAcquiringRoutes(app: App): void {
  app.get(
    '/bank-acquiring/totals',
    {
      config: { roles: [...ACQUIRING_ROLES.view] },
      schema: {
        tags: [acquiringResource.name],
        summary:
          'Totals of the acquiring operations a list filter selects, per currency: gross, commission, net (never added across currencies)',
        querystring: acquiringService.schemas.listQuery,
        response: { 200: dataSchema(acquiringTotalsSchema) },
      },
    },
    async (request) => {
      const ctx = requestContext(request, app.database.db);
      const where = listWhere(
        acquiringResource,
        acquiringOperations,
        request.query as Record<string, unknown>,
        acquiringReadScope(request.auth!),
        {},
        ctx,
      );
      const rows = await rowsOf<{
        currencyId: number;
        currencyCode: string;
        gross: string;
        commission: string;
        net: string;
        count: number;
      }>(
        ctx.tx,
        sql`SELECT a.currency_id AS "currencyId", c.code AS "currencyCode",
              sum(a.gross_amount)::numeric(18,2)::text AS gross,
              sum(a.commission_amount)::numeric(18,2)::text AS commission,
              sum(a.net_amount)::numeric(18,2)::text AS net, count(*)::int AS count
            FROM (SELECT * FROM ${acquiringOperations} WHERE ${where ?? sql`true`}) a
            JOIN ${currencies} c ON c.id = a.currency_id
            GROUP BY a.currency_id, c.code ORDER BY c.code`,
      );
      return { data: rows };
    },
  );

  registerResourceRoutes(app, acquiringService);
}
