import type { AppRoute } from '../../app/routeMeta';

/** System settings (/options/main). */
export const optionsRoutes: AppRoute[] = [
  {
    path: 'options/main',
    handle: { title: 'nav:nav.systemOptions' },
    lazy: async () => {
      const [{ OptionsPage }, { i18next }] = await Promise.all([
        import('./OptionsPage'),
        import('../../platform/i18n'),
      ]);
      await i18next.loadNamespaces(['options']);
      return { Component: OptionsPage };
    },
  },
];
