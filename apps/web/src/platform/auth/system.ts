import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/client';

export interface NavItem {
  /** Translation key in the `nav` namespace, or a resource's title key with its `labels`. */
  name: string;
  /** The texts of a name that is not a `nav` key, in both languages. */
  labels?: { ru: string; en: string };
  /** Tabler icon name in kebab-case. */
  icon?: string | null;
  route?: string | null;
  children?: NavItem[];
  /** Children are shown sorted alphabetically. */
  sortable?: boolean;
}

export interface SystemUser {
  id: number;
  username: string;
  contact: { id: number; name: string };
  locale: string;
  localeShort?: string;
  nextUi: boolean;
  changePasswordRequired: boolean;
  serviceOffice: { id: number; name?: string } | null;
  darkTheme: boolean;
}

export interface SystemData {
  user: SystemUser;
  roles: string[];
  nav: NavItem[];
  options: Record<string, unknown>;
  impersonator: { id: number; username: string; contact: { name: string } } | null;
}

export const SYSTEM_QUERY_KEY = ['system'] as const;

export const fetchSystem = (signal?: AbortSignal) => api.get<SystemData>('/system', { signal });

/** The system call (spec §7): user, roles, nav and options; loaded once per session. */
export function useSystem() {
  return useQuery({
    queryKey: SYSTEM_QUERY_KEY,
    queryFn: ({ signal }) => fetchSystem(signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/** The loaded system data; only inside the shell, which renders after it has loaded. */
export function useSystemData(): SystemData {
  const { data } = useSystem();
  if (!data) throw new Error('System data is not loaded');
  return data;
}

/** After a save that answered the user (password change, profile), the answer replaces the stored user. */
export function replaceUser(client: QueryClient, user: Partial<SystemUser>) {
  client.setQueryData<SystemData>(SYSTEM_QUERY_KEY, (current) =>
    current ? { ...current, user: { ...current.user, ...user } } : current,
  );
}

export function useReplaceUser() {
  const client = useQueryClient();
  return (user: Partial<SystemUser>) => replaceUser(client, user);
}
