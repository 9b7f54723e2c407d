import {
  dataSchema,
  documentTemplateResource,
  GENERATED_FORMATS,
  generateDocumentSchema,
  generationReportSchema,
  initiatorPreviewSchema,
  initiatorSchema,
  PDF_CONVERTERS,
  recordIdSchema,
  templateCheckResultSchema,
  templateCheckSchema,
} from '@tms/domain';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { fieldError } from '../../platform/errors';
import { fileMetadata, fileMetadataSchema } from '../../platform/files/service';
import type { App } from '../../platform/http/types';
import { registerResourceRoutes, requestContext, userOf } from '../../platform/resources';
import {
  copyTemplateFile,
  generateDocument,
  initiatorOf,
  initiatorsOf,
  templateService,
  templatesFor,
  templateWarnings,
} from './generator';
import { documentTemplates } from './tables';

const initiatorParams = z.object({ initiatorType: z.string().max(50), id: recordIdSchema });
const generatedSchema = z.object({
  id: z.number().int(),
  description: z.string(),
  size: z.number().int(),
  createdAt: z.string(),
  downloadLink: z.string(),
  attached: z.boolean(),
  ...generationReportSchema.shape,
});

/** The template resource (the .docx checked and attached), the initiators, the preview and the generation. */
export default async function generatorRoutes(app: App): Promise<void> {
  const service = templateService(() => app.fileStorage);
  registerResourceRoutes(app, service);
  const tags = ['document-generator'];

  app.post(
    '/document-generator/templates/:id/file-copy',
    {
      config: { roles: documentTemplateResource.roles.edit },
      schema: {
        tags,
        summary:
          "A copy of a template's Word file as the user's temporary file, for a new template copied from it",
        params: z.object({ id: recordIdSchema }),
        response: { 201: dataSchema(fileMetadataSchema) },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const row = await app.database.db.transaction(async (tx) => {
        const ctx = requestContext(request, tx);
        const template = await service.find(ctx, id, { access: 'read' });
        return copyTemplateFile(tx, app.fileStorage, template, userOf(ctx).userId);
      });
      return reply.code(201).send({ data: fileMetadata(row) });
    },
  );

  app.post(
    '/document-generator/template-check',
    {
      config: { roles: documentTemplateResource.roles.edit },
      schema: {
        tags,
        summary:
          "A Word file checked as a template of an initiator before it is saved: the tags none of the initiator's fields prints, with where they are",
        body: templateCheckSchema.extend({ templateId: z.number().int().positive().optional() }),
        response: { 200: dataSchema(templateCheckResultSchema) },
      },
    },
    async (request) => {
      const ctx = requestContext(request, app.database.db);
      return { data: { warnings: await templateWarnings(ctx, app.fileStorage, request.body) } };
    },
  );

  app.get(
    '/document-generator/pdf-converter',
    {
      config: { roles: documentTemplateResource.roles.edit },
      schema: {
        tags,
        summary:
          'Who makes the PDFs of this installation: LibreOffice where installed, else the built-in converter',
        response: {
          200: dataSchema(
            z.object({ converter: z.enum(PDF_CONVERTERS), formats: z.array(z.enum(GENERATED_FORMATS)) }),
          ),
        },
      },
    },
    async () => ({
      data: {
        converter: await app.registries.workers.run('documents.pdf-converter', undefined),
        formats: [...GENERATED_FORMATS],
      },
    }),
  );

  app.get(
    '/document-generator/initiators',
    {
      config: { roles: documentTemplateResource.roles.edit },
      schema: {
        tags,
        summary: 'The kinds of records documents are generated for, with the fields a template may use',
        response: { 200: dataSchema(z.array(initiatorSchema)) },
      },
    },
    async () => ({ data: initiatorsOf(app.registries) }),
  );

  app.get(
    '/document-generator/initiator/:initiatorType/preview/:id',
    {
      schema: {
        tags,
        summary: 'A record as its templates see it: the fields with its values and the templates to generate',
        params: initiatorParams,
        response: { 200: dataSchema(initiatorPreviewSchema) },
      },
    },
    async (request) => {
      const { initiatorType, id } = request.params;
      const initiator = initiatorOf(app.registries, initiatorType);
      const ctx = requestContext(request, app.database.db);
      const { title, data } = await initiator.load(ctx, id);
      const templates = await templatesFor(ctx.tx, initiatorType);
      return {
        data: {
          initiator: initiatorsOf(app.registries).find((one) => one.type === initiatorType)!,
          title,
          data,
          templates: templates.map(({ id: templateId, name, fileName }) => ({
            id: templateId,
            name,
            fileName,
          })),
        },
      };
    },
  );

  app.post(
    '/document-generator/initiator/:initiatorType/generate/:id',
    {
      schema: {
        tags,
        summary:
          "Generate a template for a record the user may read, as .docx or (format=pdf) its PDF reading copy: attached to the record's files (or handed over as a temporary file)",
        params: initiatorParams,
        body: generateDocumentSchema,
        response: { 201: dataSchema(generatedSchema) },
      },
    },
    async (request, reply) => {
      const { initiatorType, id } = request.params;
      const { templateId, format } = request.body;
      const { file: row, report } = await app.database.db.transaction(async (tx) => {
        const ctx = requestContext(request, tx);
        const [template] = await tx
          .select()
          .from(documentTemplates)
          .where(eq(documentTemplates.id, templateId));
        if (!template?.enabled)
          throw fieldError(['templateId'], 'The value you selected is not a valid choice.');
        return generateDocument(
          { ...ctx, storage: app.fileStorage, actingUserId: userOf(ctx).userId, log: request.log },
          initiatorType,
          id,
          template,
          format,
        );
      });
      const { id: fileId, description, size, createdAt, downloadLink } = fileMetadata(row);
      return reply.code(201).send({
        data: { id: fileId, description, size, createdAt, downloadLink, attached: !row.temporary, ...report },
      });
    },
  );
}
