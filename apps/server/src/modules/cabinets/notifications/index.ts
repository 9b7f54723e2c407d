// The cabinets' bell and mail: what a cabinet user is told, in the cabinet and by mail.
export { cabinetMailJob, sendCabinetMails } from './mail';
export { cabinetNotificationRoutes } from './notification-routes';
export { cabinetNotificationsSubscriber } from './notifications';
