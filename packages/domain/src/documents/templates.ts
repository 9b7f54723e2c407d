import { z } from 'zod';
import { declareResource } from '../common/declare';
import { f } from '../common/fields';
import type { LocalizedText } from '../common/resource';
import { stageTypeResource } from '../operations/stage-types';

/** The document generator's refusals (spec §5, §8), translated by the web. */
export const TEMPLATE_MESSAGES = {
  onlyDocx: 'Only .docx files accepted.',
  utf8: 'Files must be UTF-8.',
  invalidTemplate: 'The template has errors in its fields.',
  fileNotFound: 'template file not found',
  unknownInitiator: 'Unknown initiator type.',
  wrongInitiator: 'The template is for another kind of record.',
} as const;

export const DOCX_MIME_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/**
 * A .docx template (docxtemplater tags: `{number}`, loops `{#stages}{name}{/stages}`) for one initiator
 * type (orders, jobs, customer requests, counterparties, whatever modules register); the stage types
 * whose closing generates it (the DOCUMENT_GENERATION behaviour).
 */
export const documentTemplateResource = declareResource({
  name: 'document_template',
  path: '/document-generator/templates',
  title: 'documents.templates.title',
  itemTitle: 'documents.templates.item',
  keys: 'documents.templates',
  fields: {
    name: f.text().listed().searchable().sortable(),
    initiatorType: f.text({ max: 50 }).listed().filterable().sortable(),
    fileId: f.integer({ min: 1 }).hiddenInForm(),
    fileName: f.text().readOnly().listed(),
    stageTypeIds: f.references(stageTypeResource, 'name').defaulted(),
    enabled: f.enabled(),
    updatedAt: f.updatedAt(),
  },
  roles: { view: ['ROLE_SETTINGS_TEMPLATES'], edit: ['ROLE_SETTINGS_TEMPLATES'] },
  labelField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  deletable: true,
  screens: { create: true, edit: true },
});
export type DocumentTemplate = z.infer<typeof documentTemplateResource.entity>;

/** A field an initiator offers a template: its tag and label; a loop's fields under `items`. */
export interface InitiatorField {
  tag: string;
  label: LocalizedText;
  items?: readonly InitiatorField[];
}

const localized = z.object({ ru: z.string(), en: z.string() });
const leafFieldSchema = z.object({ tag: z.string(), label: localized });
export const initiatorFieldSchema = leafFieldSchema.extend({ items: z.array(leafFieldSchema).optional() });

/** An initiator type as the template form and the field picker show it. */
export const initiatorSchema = z.object({
  type: z.string(),
  label: localized,
  fields: z.array(initiatorFieldSchema),
});
export type Initiator = z.infer<typeof initiatorSchema>;

/** The preview for one record: its templates and what each field of it holds now. */
export const initiatorPreviewSchema = z.object({
  initiator: initiatorSchema,
  title: z.string(),
  data: z.record(z.string(), z.unknown()),
  templates: z.array(z.object({ id: z.number().int(), name: z.string(), fileName: z.string() })),
});
export type InitiatorPreview = z.infer<typeof initiatorPreviewSchema>;

/** What a generated document is delivered as: the filled Word file, or its PDF reading copy. */
export const GENERATED_FORMATS = ['docx', 'pdf'] as const;
export type GeneratedFormat = (typeof GENERATED_FORMATS)[number];

export const generateDocumentSchema = z
  .object({ templateId: z.number().int().positive(), format: z.enum(GENERATED_FORMATS).default('docx') })
  .strict();

/** Where a template uses a tag no field of its initiator prints (a typo such as `{orderNumbr}`). */
export const templateTagWarningSchema = z.object({
  /** The tag as written (`#tag` when it opens a loop). */
  tag: z.string(),
  /** The loop it is inside, or null. */
  loop: z.string().nullable(),
  part: z.enum(['body', 'header', 'footer']),
  /** 1-based paragraph of the part (table cells count as paragraphs). */
  paragraph: z.number().int(),
});
export type TemplateTagWarning = z.infer<typeof templateTagWarningSchema>;

/** A Word file checked as a template of an initiator before it is saved: what the user should look at. */
export const templateCheckSchema = z
  .object({ fileId: z.number().int().positive(), initiatorType: z.string().min(1).max(50) })
  .strict();
export const templateCheckResultSchema = z.object({ warnings: z.array(templateTagWarningSchema) });
export type TemplateCheckResult = z.infer<typeof templateCheckResultSchema>;

/** Who made a generated PDF: LibreOffice where installed, else the pure-JS reading copy. */
export const PDF_CONVERTERS = ['libreoffice', 'builtin'] as const;
export type PdfConverter = (typeof PDF_CONVERTERS)[number];

/** What a generation answers beside the file: the tags that came out empty, the PDF's converter. */
export const generationReportSchema = z.object({
  emptyTags: z.array(z.string()),
  converter: z.enum(PDF_CONVERTERS).nullable(),
});
export type GenerationReport = z.infer<typeof generationReportSchema>;
