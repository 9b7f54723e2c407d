import { z } from 'zod';

/**
 * Files of orders and jobs (spec §3 "File", §7; docs/operations.md "Files"): uploads attached to the
 * operation, each with file tags. `GET|POST /api/tms/{orders|jobs}/{id}/files`,
 * `PUT|DELETE /api/tms/{orders|jobs}/{id}/files/{fileId}`.
 */

const id = z.number().int().positive();
/** Ids given once each, in the order sent. */
const idList = (min: number, max: number) =>
  z
    .array(id)
    .min(min)
    .max(max)
    .overwrite((values) => [...new Set(values)]);

/** The code of the system file tag type marking a client's application (the archiver looks for it). */
export const APPLICATION_FILE_TAG = 'APPLICATION';

export const FILE_TAG_MESSAGES = {
  disabled: 'The file tag type is disabled.',
} as const;

export const fileTagSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  nameEn: z.string().nullable(),
  color: z.string().nullable(),
});
export type FileTag = z.infer<typeof fileTagSchema>;

/** A file of an operation as its files block lists it. */
export const operationFileSchema = z.object({
  id: z.number().int(),
  description: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  coldStorage: z.boolean(),
  createdAt: z.string(),
  downloadLink: z.string(),
  tags: z.array(fileTagSchema),
  uploadedById: z.number().int().nullable(),
  uploadedByName: z.string().nullable(),
});
export type OperationFile = z.infer<typeof operationFileSchema>;

/** Attach the user's temporary uploads (`POST /api/file-management/files/temporary`), all with these tags. */
export const operationFilesAttachSchema = z.strictObject({
  fileIds: idList(1, 50),
  tagTypeIds: idList(0, 20),
});
export type OperationFilesAttach = z.infer<typeof operationFilesAttachSchema>;

/** Rename (`description`, the name people see) and set the tags of one file. */
export const operationFileUpdateSchema = z.strictObject({
  description: z.string().trim().min(1).max(255).optional(),
  tagTypeIds: idList(0, 20),
});
export type OperationFileUpdate = z.infer<typeof operationFileUpdateSchema>;

/** The code people quote to the administrator for a file in cold storage: the id padded to six digits. */
export function fileCode(fileId: number): string {
  return String(fileId).padStart(6, '0');
}
