import type { ComponentType } from 'react';
import type { AppRoute } from '../../app/routeMeta';

/**
 * A lazily loaded screen of its own (not a resource's list or form): its component and the dictionaries
 * it reads load together when the screen is first opened, so its texts never flash as keys.
 *
 *     screen('options/main', 'nav:nav.systemOptions', () => import('./OptionsPage').then((m) => m.OptionsPage), ['options'])
 */
export function screen(
  path: string,
  title: string,
  load: () => Promise<ComponentType>,
  namespaces: readonly string[],
): AppRoute {
  return {
    path,
    handle: { title },
    lazy: async () => {
      const [Component, { i18next }] = await Promise.all([load(), import('../i18n')]);
      await i18next.loadNamespaces([...namespaces]);
      return { Component };
    },
  };
}
