import { AUTHORITY_ROLES, defineDeclarationMove } from '../move';

/** The authority asks for documents (Запрошены документы): the declaration waits under control. */
export const requestDeclarationDocuments = defineDeclarationMove({
  move: 'requestDocuments',
  roles: AUTHORITY_ROLES,
  notification: 'declarationDocumentsRequested',
  extra: {},
  apply: () => ({ controlKind: 'DOCUMENTS_REQUESTED' }),
});
