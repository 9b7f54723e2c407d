import { COMPANY_STRUCTURE_MESSAGES, staffPositionResource } from '@tms/domain';
import type { App } from '../../platform/http/types';
import { registerResource } from '../../platform/resources';
import { staffPositions } from './tables';

/** The staff positions' catalogue; one in use by a structure's position stays (its foreign key). */
export function registerStaffPositions(app: App): void {
  registerResource(app, staffPositionResource, staffPositions, {
    inUseMessage: COMPANY_STRUCTURE_MESSAGES.staffPositionInUse,
  });
}
