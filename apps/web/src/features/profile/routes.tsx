import type { AppRoute } from '../../app/routeMeta';

const profile = () => import('./ProfilePage').then((m) => ({ Component: m.ProfilePage }));

/** The user profile: from the user menu (named route "user profile") and the user settings address. */
export const profileRoutes: AppRoute[] = [
  { path: 'settings/user-profile', handle: { title: 'profile:title' }, lazy: profile },
  { path: 'user-settings', handle: { title: 'profile:title', header: 'profile:header' }, lazy: profile },
];

export const USER_PROFILE_PATH = '/settings/user-profile';
