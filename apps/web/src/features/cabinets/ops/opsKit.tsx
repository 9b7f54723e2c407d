import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CabinetScreen, useCabinetList } from '../CabinetKit';
import { CABINET_CLIENTS } from '../cabinetApi';

/** The contractor portal's calls: the cabinets' client for its kind. */
export const ops = CABINET_CLIENTS.contractor;

export const useOpsList = <T,>(path: string, filters: Record<string, string | null> = {}) =>
  useCabinetList<T>(ops, path, filters);

/** A screen of the portal: its title, after which the window names the portal. */
export function OpsScreen({
  title,
  action,
  children,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('cabinets');
  return (
    <CabinetScreen cabinet={t('kinds.contractor.name')} title={title} action={action}>
      {children}
    </CabinetScreen>
  );
}

/** Today in the user's calendar (the cabinets' one), for the portal's screens. */
export { today } from '../CabinetKit';
