import type { CargoInsuranceStatus, InsuranceCertificate } from '@tms/domain';

/**
 * The badge colour of each status (the light variant reads at 4.5:1 for these): grey while ours, blues with
 * the insurer, teal insured, red rejected.
 */
export const STATUS_COLORS: Readonly<Record<CargoInsuranceStatus, string>> = {
  NOT_READY: 'gray',
  READY: 'blue',
  ACCEPTED: 'indigo',
  INSURED: 'teal',
  REJECTED: 'red',
  CANCELLED: 'gray',
};

/** The insurer's number, or the certificate's id while the insurer has given none. */
export function certificateTitle(cert: Pick<InsuranceCertificate, 'id' | 'number'>): string {
  return cert.number ?? `#${String(cert.id).padStart(6, '0')}`;
}
