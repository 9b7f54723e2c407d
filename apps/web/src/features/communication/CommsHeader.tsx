import { hasRole } from '../../platform/auth/access';
import type { SystemData } from '../../platform/auth/system';
import { AnnouncementsMenu, useNotReadAnnouncements } from './AnnouncementsMenu';
import { ImportantAnnouncements } from './ImportantAnnouncements';
import { NotificationBell } from './NotificationBell';
import { VersionNewsPopup } from './VersionNewsPopup';

/** The header's bell, unread announcements (for ROLE_COMPANY_CHAPTERS, spec §2) and the version news popup. */
export default function CommsHeader({ system }: { system: SystemData }) {
  return (
    <>
      {hasRole(system, 'ROLE_COMPANY_CHAPTERS') && <Chapters system={system} />}
      <VersionNewsPopup />
    </>
  );
}

function Chapters({ system }: { system: SystemData }) {
  const { data = [] } = useNotReadAnnouncements(system);
  return (
    <>
      <AnnouncementsMenu list={data} />
      <NotificationBell system={system} />
      <ImportantAnnouncements list={data} />
    </>
  );
}
