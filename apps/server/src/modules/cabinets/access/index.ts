// Who may enter a cabinet and as whom: sign-in and sessions, the cabinets' users and their API keys.
export { cabinetLookup } from './auth';
export { accessRoutes } from './routes';
