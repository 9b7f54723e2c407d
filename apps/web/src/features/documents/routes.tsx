import type { AppRoute } from '../../app/routeMeta';
import { screen } from '../../platform/kit/screen';
import { resourceRoutes, resourceScreen } from '../../platform/resources';

const NS = ['documents'] as const;
const folderPage = () => import('./FolderPage').then((m) => m.FolderPage);
const documentPage = () => import('./DocumentPage').then((m) => m.DocumentPage);
const previewPage = () => import('./PreviewPage').then((m) => m.PreviewPage);
const documentForm = () => import('./DocumentForm').then((m) => m.DocumentForm);
const templateForm = () => import('./TemplateForm').then((m) => m.TemplateForm);

/**
 * Documents and folders (`/document-folders`): folders, text documents and their files; the document
 * generator's templates and a record's preview (`/document-generator/...`).
 */
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
  ...resourceRoutes('/document-generator/templates', (domain) => domain.documentTemplateResource, {
    form: templateForm,
  }),
  resourceScreen(
    'document-generator/templates/:copyFrom/copy',
    'documents:templates.copyTitle',
    (domain) => domain.documentTemplateResource,
    templateForm,
  ),
  screen(
    'document-generator/initiator/:initiatorType/preview/:initiatorId',
    'documents:preview.title',
    previewPage,
    NS,
  ),
];
