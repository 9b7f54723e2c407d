import type { DocumentDetails, FolderContents } from '@tms/domain';
import { api } from '../../platform/api/client';
import { RECORD_LOAD } from '../../platform/resources/recordState';

export const FOLDERS_PATH = '/document-folders';
export const DOCUMENTS_PATH = '/document-folders/text-documents';

export const folderKey = (id: number | null) => ['documents', 'folder', id ?? 'top'] as const;
export const documentKey = (id: number) => ['documents', 'document', id] as const;

export const fetchFolder = (id: number | null, signal?: AbortSignal) =>
  api.get<FolderContents>(id === null ? `${FOLDERS_PATH}/contents` : `${FOLDERS_PATH}/${id}/contents`, {
    signal,
    ...RECORD_LOAD,
  });

export const fetchDocument = (id: number, signal?: AbortSignal) =>
  api.get<DocumentDetails>(`${DOCUMENTS_PATH}/${id}/details`, { signal, ...RECORD_LOAD });

/** The id in a route parameter, or null when it is missing or not a number. */
export function idParam(value: string | undefined): number | null {
  return value && /^\d{1,10}$/.test(value) ? Number(value) : null;
}
