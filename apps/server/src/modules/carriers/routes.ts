import {
  counterpartyDriverResource,
  dataSchema,
  driverVerificationEventSchema,
  driverVerificationStepSchema,
  idParamSchema,
  type Role,
} from '@tms/domain';
import { z } from 'zod';
import type { App } from '../../platform/http/types';
import { registerResourceRoutes, requestContext } from '../../platform/resources';
import { tripAssignmentRoutes } from './assignments';
import { carrierCabinetRoutes } from './cabinet';
import {
  driverService,
  driverVerificationHistory,
  rejectDriver,
  submitDriver,
  verifyDriver,
} from './drivers';
import { vehicleService } from './vehicles';

const tags = ['carriers'];

/**
 * Carriers' drivers and vehicles (the back office's tab of a contractor's page) and the drivers'
 * verification: submitted, verified or rejected, its history; the carrier's cabinet (`/carrier/...`).
 */
export default async function carriersRoutes(app: App): Promise<void> {
  registerResourceRoutes(app, driverService);
  registerResourceRoutes(app, vehicleService);

  const steps = [
    ['submit', submitDriver, 'Submit a driver for verification'],
    ['verify', verifyDriver, 'Verify a pending driver'],
    ['reject', rejectDriver, 'Reject a driver (or withdraw his verification), saying why'],
  ] as const;
  for (const [step, useCase, summary] of steps) {
    app.post(
      `${counterpartyDriverResource.path}/:id/${step}`,
      {
        config: { roles: useCase.roles as readonly Role[] },
        schema: {
          tags,
          summary,
          params: idParamSchema,
          body: driverVerificationStepSchema,
          response: { 200: dataSchema(counterpartyDriverResource.entity) },
        },
      },
      async (request) => {
        const { id } = request.params as { id: number };
        const body = request.body as z.infer<typeof driverVerificationStepSchema>;
        const data = await app.database.db.transaction((tx) =>
          useCase.run(requestContext(request, tx), { ...body, id }),
        );
        return { data };
      },
    );
  }

  app.get(
    `${counterpartyDriverResource.path}/:id/verifications`,
    {
      config: { roles: driverVerificationHistory.roles as readonly Role[] },
      schema: {
        tags,
        summary: "A driver's verification history: who, when, from and to, why",
        params: idParamSchema,
        response: { 200: dataSchema(z.array(driverVerificationEventSchema)) },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      return { data: await driverVerificationHistory.run(requestContext(request), { id }) };
    },
  );

  await carrierCabinetRoutes(app);
  tripAssignmentRoutes(app);
}
