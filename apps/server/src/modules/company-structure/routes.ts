import {
  COMPANY_STRUCTURE_PATH,
  companyStructureSettingsBody,
  companyStructureSettingsSchema,
  dataSchema,
  idParamSchema,
  listResultSchema,
  moveStructureItemBody,
  type Role,
  structureItemSchema,
  structureNodeSchema,
  structurePeopleQuery,
  structurePersonSchema,
} from '@tms/domain';
import { z } from 'zod';
import type { App } from '../../platform/http/types';
import { registerResourceRoutes, requestContext } from '../../platform/resources';
import { itemService } from './items';
import { readPeople, readPerson, readTree } from './read';
import { readSettings } from './settings';
import { registerStaffPositions } from './staff-positions';
import { moveStructureItem } from './use-cases/move-item';
import { updateStructureSettings } from './use-cases/update-settings';

const VIEW: Role[] = ['ROLE_COMPANY_STRUCTURE_VIEW', 'ROLE_COMPANY_STRUCTURE_EDIT'];
const EDIT: Role[] = ['ROLE_COMPANY_STRUCTURE_EDIT'];
const tags = ['company_structure_item'];

/** The company structure: its nodes (kernel resource), the move, the whole tree, its people and its settings. */
export default async function companyStructureRoutes(app: App): Promise<void> {
  const db = () => app.database.db;
  registerStaffPositions(app);

  app.get(
    '/company-structure/tree-structure',
    {
      config: { roles: VIEW },
      schema: {
        tags,
        summary: 'The whole structure: every node with its holders and head-count',
        response: { 200: dataSchema(z.array(structureNodeSchema)) },
      },
    },
    async () => ({ data: await readTree(db()) }),
  );

  app.post(
    `${COMPANY_STRUCTURE_PATH}/:id/move`,
    {
      config: { roles: EDIT },
      schema: {
        tags,
        summary: 'Move a node with everything under it to another parent (null: the top)',
        params: idParamSchema,
        body: moveStructureItemBody,
        response: { 200: dataSchema(structureItemSchema) },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const body = request.body as z.infer<typeof moveStructureItemBody>;
      const data = await db().transaction((tx) =>
        moveStructureItem.run(requestContext(request, tx), { ...body, id }),
      );
      return { data };
    },
  );
  registerResourceRoutes(app, itemService);

  app.get(
    '/company-structure/users',
    {
      config: { roles: VIEW },
      schema: {
        tags,
        summary: 'People with their positions, managers and subordinates',
        querystring: structurePeopleQuery,
        response: { 200: dataSchema(listResultSchema(structurePersonSchema)) },
      },
    },
    async (request) => ({
      data: await readPeople(db(), request.query as z.infer<typeof structurePeopleQuery>),
    }),
  );
  app.get(
    '/company-structure/users/:id',
    {
      config: { roles: VIEW },
      schema: {
        tags,
        summary: 'A person with his positions, managers and subordinates',
        params: idParamSchema,
        response: { 200: dataSchema(structurePersonSchema) },
      },
    },
    async (request) => ({ data: await readPerson(db(), (request.params as { id: number }).id) }),
  );

  app.get(
    '/company-structure/settings',
    {
      config: { roles: VIEW },
      schema: {
        tags,
        summary: "The structure's settings",
        response: { 200: dataSchema(companyStructureSettingsSchema) },
      },
    },
    async () => ({ data: await readSettings(db()) }),
  );
  app.put(
    '/company-structure/settings',
    {
      config: { roles: EDIT },
      schema: {
        tags,
        summary: "Save the structure's settings",
        body: companyStructureSettingsBody,
        response: { 200: dataSchema(companyStructureSettingsSchema) },
      },
    },
    async (request) => {
      const body = request.body as z.infer<typeof companyStructureSettingsBody>;
      const data = await db().transaction((tx) =>
        updateStructureSettings.run(requestContext(request, tx), body),
      );
      return { data };
    },
  );
}
