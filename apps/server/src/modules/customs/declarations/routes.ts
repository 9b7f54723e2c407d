import { customsDeclarationResource, dataSchema, idParamSchema, type Role } from '@tms/domain';
import type { z } from 'zod';
import type { App } from '../../../platform/http/types';
import { registerResourceRoutes, requestContext, type UseCase } from '../../../platform/resources';
import { declarationService } from './service';
import { acceptDeclaration } from './use-cases/accept';
import { markDeclarationNotFiled } from './use-cases/not-filed';
import { refuseDeclaration } from './use-cases/refuse';
import { registerDeclaration } from './use-cases/register';
import { releaseDeclaration } from './use-cases/release';
import { releaseDeclarationConditionally } from './use-cases/release-conditionally';
import { requestDeclarationDocuments } from './use-cases/request-documents';
import { startDeclarationControl } from './use-cases/start-control';
import { submitDeclaration } from './use-cases/submit';
import { withdrawDeclaration } from './use-cases/withdraw';

const tags = ['Customs declarations'];

/** The path of each message under `/tms/customs/{id}/` and its use case. */
const MOVES: Record<string, { useCase: UseCase<z.ZodObject, z.ZodType>; summary: string }> = {
  submit: { useCase: submitDeclaration, summary: 'File the draft with customs' },
  register: { useCase: registerDeclaration, summary: 'The authority registered it and gave its number' },
  'start-control': { useCase: startDeclarationControl, summary: 'The authority began a control' },
  'request-documents': { useCase: requestDeclarationDocuments, summary: 'The authority asked for documents' },
  release: { useCase: releaseDeclaration, summary: 'The authority released the goods' },
  'release-conditionally': {
    useCase: releaseDeclarationConditionally,
    summary: 'The authority released the goods conditionally',
  },
  refuse: { useCase: refuseDeclaration, summary: 'The authority refused the release' },
  withdraw: { useCase: withdrawDeclaration, summary: 'The declaration was withdrawn' },
  'not-filed': { useCase: markDeclarationNotFiled, summary: 'The authority deemed it not filed' },
  accept: { useCase: acceptDeclaration, summary: 'The declarant or the customs specialist accepts the work' },
};

/** Customs declarations: the resource's routes and one POST per message of the authority. */
export async function registerDeclarationRoutes(app: App): Promise<void> {
  registerResourceRoutes(app, declarationService);
  for (const [path, { useCase, summary }] of Object.entries(MOVES)) {
    const body = useCase.input.omit({ id: true }).strict();
    app.post(
      `${customsDeclarationResource.path}/:id/${path}`,
      {
        // Every move's roles are plain roles (no scoped permission).
        config: { roles: useCase.roles as readonly Role[] },
        schema: {
          tags,
          summary,
          params: idParamSchema,
          body,
          response: { 200: dataSchema(customsDeclarationResource.entity) },
        },
      },
      async (request) => {
        const { id } = request.params as { id: number };
        const input = { ...(request.body as object), id };
        const data = await app.database.db.transaction((tx) =>
          useCase.run(requestContext(request, tx), input as never),
        );
        return { data: data as never };
      },
    );
  }
}
