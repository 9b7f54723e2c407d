import { z } from 'zod';
import { declareResource } from '../common/declare';
import { f } from '../common/fields';

/** Documents and folders (spec §3 "Document", §4, §8): the refusals a reader sees, translated by the web. */
export const DOCUMENT_MESSAGES = {
  folderInUse: 'folder with subfolders or documents',
  documentWithFiles: 'document with files',
  processed: 'cannot delete or modify a processed document',
  folderCycle: 'A folder cannot be moved into itself or its subfolder.',
  folderNotFound: 'The folder does not exist.',
} as const;

/** A document's current file counts as new this many days after it was attached (spec §9). */
export const RECENT_DOCUMENT_DAYS = 5;
/** How many recent documents the header lists. */
export const RECENT_DOCUMENTS_LIMIT = 20;

/** Whether a current file attached at `createdAt` is still new at `now` (highlighted and counted). */
export function isFreshDocumentFile(createdAt: string | Date, now: Date): boolean {
  const at = typeof createdAt === 'string' ? new Date(createdAt) : createdAt;
  return now.getTime() - at.getTime() < RECENT_DOCUMENT_DAYS * 24 * 60 * 60 * 1000;
}

const DOCUMENT_ROLES = { view: ['ROLE_DOCUMENT_VIEW'], edit: ['ROLE_DOCUMENT_EDIT'] } as const;

/** A folder of documents; folders nest (`parentId`, none at the top). */
export const documentFolderResource = declareResource({
  name: 'document_folder',
  path: '/document-folders',
  title: 'documents.folders.title',
  itemTitle: 'documents.folders.item',
  keys: 'documents.folders',
  fields: {
    name: f.text().listed().searchable().sortable(),
    // `parentId=root` lists the top folders.
    parentId: f.integer({ min: 1 }).optional().filterable().hiddenInForm(),
    updatedAt: f.updatedAt(),
  },
  roles: { view: [...DOCUMENT_ROLES.view], edit: [...DOCUMENT_ROLES.edit] },
  labelField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  deletable: true,
  screens: { create: false, edit: true },
});
export type DocumentFolder = z.infer<typeof documentFolderResource.entity>;

/** Longest rich text of a document (its sanitized HTML). */
export const DOCUMENT_TEXT_MAX = 500_000;

/**
 * A text document in a folder: rich text (sanitized HTML) and files; processed documents are locked.
 * `query` is the full-text search over names and texts (PostgreSQL full text).
 */
export const documentResource = declareResource({
  name: 'document',
  path: '/document-folders/text-documents',
  title: 'documents.documents.title',
  itemTitle: 'documents.documents.item',
  keys: 'documents.documents',
  fields: {
    name: f.text().listed().searchable().sortable(),
    folderId: f.integer({ min: 1 }).filterable().hiddenInForm(),
    text: f.of('textarea', z.string().max(DOCUMENT_TEXT_MAX), z.string()).defaulted(),
    fileIds: f
      .of('json', z.array(z.number().int().positive()).max(100), z.array(z.number().int()))
      .defaulted(),
    processed: f.boolean().readOnly().listed().filterable(),
    query: f.text().filterOnly(),
    updatedAt: f.updatedAt(),
  },
  roles: { view: [...DOCUMENT_ROLES.view], edit: [...DOCUMENT_ROLES.edit] },
  labelField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  deletable: true,
  screens: { create: true, edit: true },
});
export type Document = z.infer<typeof documentResource.entity>;

/** A file of a document, as the document's page lists it. */
export const documentFileSchema = z.object({
  id: z.number().int(),
  description: z.string(),
  size: z.number().int(),
  createdAt: z.string(),
  downloadLink: z.string(),
});
export type DocumentFile = z.infer<typeof documentFileSchema>;

/** One step of the path from the top to a folder. */
export const folderCrumbSchema = z.object({ id: z.number().int(), name: z.string() });

/** A folder's page: the path to it, its subfolders and its documents (the top level: `folder` null). */
export const folderContentsSchema = z.object({
  folder: documentFolderResource.entity.nullable(),
  path: z.array(folderCrumbSchema),
  folders: z.array(documentFolderResource.entity),
  documents: z.array(documentResource.entity),
});
export type FolderContents = z.infer<typeof folderContentsSchema>;

/** A document page: the document with its files and the path to its folder. */
export const documentDetailsSchema = z.object({
  document: documentResource.entity,
  files: z.array(documentFileSchema),
  path: z.array(folderCrumbSchema),
});
export type DocumentDetails = z.infer<typeof documentDetailsSchema>;

/** Spec §3 "recent document": the header's list of documents with their current (newest) file. */
export const recentDocumentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  folderId: z.number().int(),
  folderName: z.string(),
  currentFile: documentFileSchema.nullable(),
  /** The current file was attached within the last RECENT_DOCUMENT_DAYS days. */
  fresh: z.boolean(),
});
export type RecentDocument = z.infer<typeof recentDocumentSchema>;

export const recentDocumentsSchema = z.object({
  collection: z.array(recentDocumentSchema),
  /** The badge: how many are fresh. */
  freshCount: z.number().int(),
});
export type RecentDocuments = z.infer<typeof recentDocumentsSchema>;
