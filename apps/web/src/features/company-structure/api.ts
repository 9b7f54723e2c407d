import type { CompanyStructureSettings, StructureNode } from '@tms/domain';
import { api } from '../../platform/api/client';

export const TREE_KEY = ['company-structure', 'tree'] as const;
export const SETTINGS_KEY = ['company-structure', 'settings'] as const;
export const PEOPLE_KEY = ['company-structure', 'people'] as const;
export const ITEMS_PATH = '/company-structure/tree-structure/items';

export const fetchTree = (signal?: AbortSignal) =>
  api.get<StructureNode[]>('/company-structure/tree-structure', { signal });
export const fetchSettings = (signal?: AbortSignal) =>
  api.get<CompanyStructureSettings>('/company-structure/settings', { signal });
