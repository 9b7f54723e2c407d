import type { AppRoute } from '../../app/routeMeta';
import { resourceRoutes } from '../../platform/resources';

/** Cargo insurance (`/tms/cargo-insurance`): the engine's list with status badges, the certificate page. */
export const insuranceRoutes: AppRoute[] = resourceRoutes(
  '/tms/cargo-insurance',
  (domain) => domain.insuranceCertificateResource,
  {
    list: () => import('./CertificateList').then((m) => m.CertificateList),
    form: () => import('./CertificatePage').then((m) => m.CertificatePage),
  },
);
