import { CABINET_CLIENTS, CabinetError } from './cabinetApi';

/** The client cabinet's (PCC) calls: the cabinets' client for its kind. */
const pcc = CABINET_CLIENTS.client;

export { CabinetError as PccError };
export const pccSession = pcc.session;
export const usePccSignedIn = pcc.useSignedIn;
export const pccGet = pcc.get;
export const pccPost = pcc.post;
export const pccDownload = pcc.download;
export const pccSignIn = pcc.signIn;
export const pccSignOut = pcc.signOut;
