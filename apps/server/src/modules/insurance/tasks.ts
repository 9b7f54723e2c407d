import { type CertificateDocument, renderCertificatePdf } from './certificate-pdf';

/** Insurance's CPU work, run in the app's worker threads (`registries.workers`), never on the request loop. */
export const insuranceTasks = {
  'insurance.certificate-pdf': (document: CertificateDocument): Promise<Uint8Array> =>
    renderCertificatePdf(document),
};

type InsuranceTasks = typeof insuranceTasks;
declare module '../../platform/workers/tasks' {
  interface WorkerTasks extends InsuranceTasks {}
}
