import type { AppRoute } from '../../app/routeMeta';
import { screen } from '../../platform/kit/screen';

const NS = ['documents'] as const;
const folderPage = () => import('./FolderPage').then((m) => m.FolderPage);
const documentPage = () => import('./DocumentPage').then((m) => m.DocumentPage);
const documentForm = () => import('./DocumentForm').then((m) => m.DocumentForm);

/** Documents and folders (`/document-folders`, spec §2 routes): folders, text documents and their files. */
export const documentRoutes: AppRoute[] = [
  screen('document-folders', 'documents:folders.title', folderPage, NS),
  screen('document-folders/:folderId', 'documents:folders.title', folderPage, NS),
  screen('document-folders/:folderId/text-documents/new', 'documents:documents.new', documentForm, NS),
  screen(
    'document-folders/:folderId/text-documents/:documentId/edit',
    'documents:documents.edit',
    documentForm,
    NS,
  ),
  screen(
    'document-folders/:folderId/text-documents/:documentId',
    'documents:documents.item',
    documentPage,
    NS,
  ),
];
