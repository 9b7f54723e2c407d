export * from './announcements';
export * from './notifications';
export * from './version-news';
