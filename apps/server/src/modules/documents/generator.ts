import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  DOCX_MIME_TYPE,
  documentTemplateResource,
  type GeneratedFormat,
  type GenerationReport,
  type Initiator,
  type InitiatorField,
  type LocalizedText,
  TEMPLATE_MESSAGES,
  type TemplateTagWarning,
} from '@tms/domain';
import { and, arrayContains, asc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Tx } from '../../db/connection';
import { actingUserId, type Principal } from '../../platform/auth/context';
import { fieldError, HttpError, notFound } from '../../platform/errors';
import { FILE_MESSAGES, type FileRow, storedContent, storeUpload } from '../../platform/files/service';
import type { FileStorage } from '../../platform/files/storage';
import { files } from '../../platform/files/tables';
import type { Registries } from '../../platform/modules';
import { type NotifyInput, notify } from '../../platform/notifications/notify';
import { type ResourceService, resourceService } from '../../platform/resources';
import type { CallContext } from '../../platform/resources/context';
import { asBuffer } from '../../platform/workers/tasks';
import { documentTemplates } from './tables';

/**
 * A kind of record documents are generated for (spec: orders, jobs, customer requests, counterparties;
 * bills later). The module owning the record registers it (`contributes: { documentInitiators: {...} }`).
 */
export interface DocumentInitiator {
  label: LocalizedText;
  /** The fields a template may use, as the field picker lists them. */
  fields: readonly InitiatorField[];
  /**
   * The record's values by tag (loops as arrays of objects) for `auth`, or a 404 when the user may not read
   * it; the system (a stage closing) reads every record.
   */
  load(
    ctx: CallContext & { auth: Principal },
    id: number,
  ): Promise<{ title: string; data: Record<string, unknown> }>;
  /** The owner type a generated file is attached under (the record's files); none: handed to the user only. */
  fileOwnerType?: string;
  /** Who the record concerns and its link, for `documentGenerated`; none: nobody is told of its documents. */
  audience?(
    ctx: CallContext,
    id: number,
  ): Promise<Pick<NotifyInput, 'direct' | 'related' | 'offices' | 'links'> | null>;
}

declare module '../../platform/modules' {
  interface ModuleContributions {
    /** A kind of record the document generator fills templates from, by its initiator type. */
    documentInitiators: DocumentInitiator;
  }
}

export type TemplateRow = typeof documentTemplates.$inferSelect;

export function initiatorOf(registries: Registries, type: string): DocumentInitiator {
  const initiator = registries.contributions('documentInitiators').get(type);
  if (!initiator) throw notFound(TEMPLATE_MESSAGES.unknownInitiator);
  return initiator;
}

export function initiatorsOf(registries: Registries): Initiator[] {
  return [...registries.contributions('documentInitiators')].map(([type, initiator]) => ({
    type,
    label: initiator.label,
    fields: initiator.fields.map(({ tag, label, items }) => ({
      tag,
      label,
      ...(items ? { items: items.map((item) => ({ tag: item.tag, label: item.label })) } : {}),
    })),
  }));
}

const TEMPLATE_FILE_OWNER = 'document_template';

/** A template's Word file the user may use: their own upload, or the file the template (`current`) has. */
async function usableTemplateFile(
  ctx: CallContext & { auth: Principal },
  fileId: number,
  current: number | undefined,
  ownerType: string,
): Promise<FileRow | undefined> {
  const [row] = await ctx.tx.select().from(files).where(eq(files.id, fileId));
  const usable =
    row &&
    ((row.temporary && row.uploadedBy === actingUserId(ctx.auth)) ||
      (!row.temporary && row.ownerType === ownerType && row.ownerId === current));
  return usable ? row : undefined;
}

/**
 * Refuses a template that is no .docx, whose parts are not UTF-8, or whose tags do not compile, before it
 * is saved; the check runs in a worker thread (the archive passes the zip guard there first). Templates of
 * other modules (a transport order's) keep their files under their own `ownerType`.
 */
export async function checkTemplateFile(
  ctx: CallContext & { auth: Principal },
  storage: FileStorage,
  fileId: number,
  current?: number,
  ownerType = TEMPLATE_FILE_OWNER,
) {
  const row = await usableTemplateFile(ctx, fileId, current, ownerType);
  if (!row) throw fieldError(['fileId'], FILE_MESSAGES.notAvailable);
  if (!row.description.toLowerCase().endsWith('.docx'))
    throw fieldError(['fileId'], TEMPLATE_MESSAGES.onlyDocx);
  const refusal = await ctx.registries.workers.run(
    'documents.check-template',
    await storedContent(storage, row),
  );
  if (refusal) throw fieldError(['fileId'], refusal);
  return row;
}

/**
 * The tags of a Word file no field of the initiator prints, with where they are: warnings the user sees
 * before saving the template (saving is not refused: a tag may be meant for a field to come). The file is
 * refused as at saving when it is no template at all.
 */
export async function templateWarnings(
  ctx: CallContext & { auth: Principal },
  storage: FileStorage,
  input: { fileId: number; initiatorType: string; templateId?: number; ownerType?: string },
): Promise<TemplateTagWarning[]> {
  const initiator = registriesInitiator(ctx.registries, input.initiatorType);
  const row = await usableTemplateFile(
    ctx,
    input.fileId,
    input.templateId,
    input.ownerType ?? TEMPLATE_FILE_OWNER,
  );
  if (!row) throw fieldError(['fileId'], FILE_MESSAGES.notAvailable);
  if (!row.description.toLowerCase().endsWith('.docx'))
    throw fieldError(['fileId'], TEMPLATE_MESSAGES.onlyDocx);
  const answer = await ctx.registries.workers.run('documents.template-warnings', {
    template: await storedContent(storage, row),
    fields: initiator.fields,
  });
  if ('refusal' in answer) throw fieldError(['fileId'], answer.refusal);
  return answer.warnings;
}

function registriesInitiator(registries: Registries, type: string): DocumentInitiator {
  const initiator = registries.contributions('documentInitiators').get(type);
  if (!initiator) throw fieldError(['initiatorType'], TEMPLATE_MESSAGES.unknownInitiator);
  return initiator;
}

export function templateService(storage: () => FileStorage): ResourceService<TemplateRow> {
  return resourceService(documentTemplateResource, documentTemplates, {
    hooks: {
      async beforeCreate(ctx, values) {
        assertInitiator(ctx.registries, values.initiatorType);
        const file = await checkTemplateFile(ctx, storage(), values.fileId);
        return { ...values, fileName: file.description };
      },
      async beforeUpdate(ctx, values, existing) {
        if (values.initiatorType !== undefined) assertInitiator(ctx.registries, values.initiatorType);
        if (values.fileId === undefined || values.fileId === existing.fileId) return values;
        const file = await checkTemplateFile(ctx, storage(), values.fileId, existing.id);
        return { ...values, fileName: file.description };
      },
      async afterWrite({ tx }, { action, after }) {
        if (!after || (action !== 'create' && action !== 'update')) return;
        await tx
          .update(files)
          .set({ temporary: false, ownerType: TEMPLATE_FILE_OWNER, ownerId: after.id })
          .where(and(eq(files.id, after.fileId), eq(files.temporary, true)));
      },
    },
  });
}

function assertInitiator(registries: Registries, type: string) {
  if (!registries.contributions('documentInitiators').has(type)) {
    throw fieldError(['initiatorType'], TEMPLATE_MESSAGES.unknownInitiator);
  }
}

/** What generation reads of a template: the documents module's or another module's (a transport order's). */
export type GenerationTemplate = Pick<TemplateRow, 'name' | 'fileId' | 'initiatorType'>;

async function templateContent(storage: FileStorage, tx: Tx, template: GenerationTemplate): Promise<Buffer> {
  const [row] = await tx.select().from(files).where(eq(files.id, template.fileId));
  if (!row) throw fieldError(['templateId'], TEMPLATE_MESSAGES.fileNotFound);
  try {
    return await storedContent(storage, row);
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 410) {
      throw fieldError(['templateId'], TEMPLATE_MESSAGES.fileNotFound);
    }
    throw error;
  }
}

/**
 * A copy of a template's Word file as the user's temporary upload: the start of a template copied from
 * another (`/document-generator/templates/{copyFrom}/copy`), which owns its own file once saved.
 */
export async function copyTemplateFile(
  tx: Tx,
  storage: FileStorage,
  template: TemplateRow,
  userId: number,
): Promise<FileRow> {
  const content = await templateContent(storage, tx, template);
  return storeUpload(
    tx,
    storage,
    { filename: template.fileName, mimetype: DOCX_MIME_TYPE, file: Readable.from([content]) },
    userId,
  );
}

/** The enabled templates of an initiator type (those a stage type generates, with `stageTypeId`). */
export async function templatesFor(
  tx: Tx,
  initiatorType: string,
  stageTypeId?: number,
): Promise<TemplateRow[]> {
  return tx
    .select()
    .from(documentTemplates)
    .where(
      and(
        eq(documentTemplates.initiatorType, initiatorType),
        eq(documentTemplates.enabled, true),
        stageTypeId === undefined ? undefined : arrayContains(documentTemplates.stageTypeIds, [stageTypeId]),
      ),
    )
    .orderBy(asc(documentTemplates.name), asc(documentTemplates.id));
}

/**
 * Fills `template` with the record's values and stores the result (the .docx, or its PDF when asked):
 * attached to the record's files when the initiator has them, else as the user's temporary file to
 * download. Answers the stored file and the report: the tags that came out empty, the PDF's converter.
 */
export async function generateDocument(
  ctx: CallContext & {
    auth: Principal;
    storage: FileStorage;
    actingUserId: number | null;
    /** Where a PDF made by the built-in converter because LibreOffice failed is reported (a warning). */
    log: Pick<FastifyBaseLogger, 'warn'>;
  },
  initiatorType: string,
  id: number,
  template: GenerationTemplate,
  format: GeneratedFormat = 'docx',
  /** Where the file goes instead of the initiator's files (a transport order's: its job's files). */
  attachTo?: { type: string; id: number },
): Promise<{ file: FileRow; report: GenerationReport }> {
  const initiator = initiatorOf(ctx.registries, initiatorType);
  if (template.initiatorType !== initiatorType) {
    throw fieldError(['templateId'], TEMPLATE_MESSAGES.wrongInitiator);
  }
  const { title, data } = await initiator.load(ctx, id);
  const name = `${template.name} ${title}`;
  const filled = await ctx.registries.workers.run('documents.fill', {
    template: await templateContent(ctx.storage, ctx.tx, template),
    data,
    format,
    title: name,
  });
  if ('refusal' in filled) throw fieldError(['templateId'], filled.refusal);
  if (filled.fallback) {
    ctx.log.warn(
      { template: template.name, initiatorType, initiatorId: id, reason: filled.fallback },
      'LibreOffice made no PDF; the built-in converter made it without pictures, headers and footers',
    );
  }
  const content = asBuffer(filled.content);
  const now = new Date();
  const key = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${randomUUID()}`;
  await ctx.storage.put(key, Readable.from([content]));
  const description = `${name.replace(/[\\/:*?"<>|]+/g, '_').slice(0, 250)}.${format}`;
  const owner =
    attachTo ?? (initiator.fileOwnerType === undefined ? null : { type: initiator.fileOwnerType, id });
  const [row] = await ctx.tx
    .insert(files)
    .values({
      storageKey: key,
      description,
      mimeType: format === 'pdf' ? 'application/pdf' : DOCX_MIME_TYPE,
      size: content.length,
      sha256: createHash('sha256').update(content).digest('hex'),
      temporary: owner === null,
      ownerType: owner?.type ?? null,
      ownerId: owner?.id ?? null,
      uploadedBy: ctx.actingUserId,
    })
    .returning();
  const audience = await initiator.audience?.(ctx, id);
  if (audience) {
    await notify(ctx, { type: 'documentGenerated', params: { template: template.name }, ...audience });
  }
  return { file: row!, report: { emptyTags: filled.emptyTags, converter: filled.converter } };
}
