import type { NavItem } from '../../platform/auth/system';

export const DRAWER_WIDTH = 300;
export const DRAWER_COLLAPSED_WIDTH = 56;
export const FLYOUT_CLOSE_DELAY_MS = 1000;

type Translate = (key: string) => string;

/** Children of sortable items in alphabetical order of their translated names, at every level. */
export function sortNav(items: readonly NavItem[], translate: Translate, locale: string): NavItem[] {
  return items.map((item) => {
    if (!item.children?.length) return item;
    const children = sortNav(item.children, translate, locale);
    if (item.sortable) children.sort((a, b) => translate(a.name).localeCompare(translate(b.name), locale));
    return { ...item, children };
  });
}

/**
 * The menu search (spec §2): an item stays when its translated name contains the text (case-insensitive),
 * with all its children; a group stays with just its matching children.
 */
export function filterNav(items: readonly NavItem[], search: string, translate: Translate): NavItem[] {
  const needle = search.trim().toLocaleLowerCase();
  if (!needle) return [...items];
  const out: NavItem[] = [];
  for (const item of items) {
    if (translate(item.name).toLocaleLowerCase().includes(needle)) {
      out.push(item);
      continue;
    }
    const children = filterNav(item.children ?? [], needle, translate);
    if (children.length) out.push({ ...item, children });
  }
  return out;
}

/** Collapsed menu without an icon: the first two letters of the name. */
export const initialsOf = (name: string): string => name.trim().slice(0, 2);

/** Whether the item or one of its descendants is the current page. */
export function containsPath(item: NavItem, pathname: string): boolean {
  if (item.route && (pathname === item.route || pathname.startsWith(`${item.route}/`))) return true;
  return (item.children ?? []).some((child) => containsPath(child, pathname));
}

/** The texts the system call gave for names that are no `nav` key (resource titles), by name. */
export function navLabels(items: readonly NavItem[]): Map<string, { ru: string; en: string }> {
  const out = new Map<string, { ru: string; en: string }>();
  const walk = (list: readonly NavItem[]) => {
    for (const item of list) {
      if (item.labels) out.set(item.name, item.labels);
      walk(item.children ?? []);
    }
  };
  walk(items);
  return out;
}
