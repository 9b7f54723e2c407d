import type { AppRoute } from '../../app/routeMeta';

/** The change log of every entity (/settings/entity-changelog). */
export const changeLogRoutes: AppRoute[] = [
  {
    path: 'settings/entity-changelog',
    handle: { title: 'nav:nav.entityChangelog' },
    lazy: async () => {
      const [{ ChangeLogPage }, { i18next }] = await Promise.all([
        import('./ChangeLogPage'),
        import('../../platform/i18n'),
      ]);
      await i18next.loadNamespaces(['changelog', 'options']);
      return { Component: ChangeLogPage };
    },
  },
];
