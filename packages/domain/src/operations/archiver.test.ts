import { describe, expect, it } from 'vitest';
import { completeDefinition } from '../custom-fields/definitions';
import {
  ARCHIVE_BLOCKER_LABELS,
  ARCHIVE_BLOCKERS,
  type ArchiveFacts,
  archiveBlockers,
  daysBetween,
  manualArchiveWarnings,
} from './archiver';

const closed = (actualDate: string, behaviours: string[] = []) => ({ closed: true, actualDate, behaviours });
const open = (behaviours: string[] = []) => ({ closed: false, actualDate: null, behaviours });

/** An order meeting every condition: it may be archived. */
const ready: ArchiveFacts = {
  operation: 'order',
  archived: false,
  stages: [closed('2025-03-01'), closed('2025-03-10')],
  today: '2025-04-09',
  archiveAfterDays: 30,
  inWarehouse: false,
  applicationRequired: true,
  applicationLoaded: true,
  jobsNotArchived: 0,
  customFieldDefinitions: [
    completeDefinition({ code: 'po', description: 'PO', type: 'text', required: true }),
    completeDefinition({ code: 'act', description: 'Act', type: 'text', blockArchiveIfEmpty: true }),
    completeDefinition({ code: 'old', description: 'Old', type: 'text', required: true, enabled: false }),
  ],
  customFields: { po: 'PO-1', act: 'A-1' },
};

describe('archiveBlockers', () => {
  it('lets an operation meeting every condition be archived', () => {
    expect(archiveBlockers(ready)).toEqual([]);
    expect(
      archiveBlockers({ ...ready, operation: 'job', applicationRequired: false, jobsNotArchived: 3 }),
    ).toEqual([]);
  });

  it('leaves out what is archived already', () => {
    expect(archiveBlockers({ ...ready, archived: true })).toEqual(['archived']);
  });

  it('needs stages, all closed', () => {
    expect(archiveBlockers({ ...ready, stages: [] })).toEqual(['noStages']);
    expect(archiveBlockers({ ...ready, stages: [closed('2025-03-01'), open()] })).toEqual(['openStages']);
  });

  it('excepts IGNORE_ARCHIVER stages', () => {
    expect(archiveBlockers({ ...ready, stages: [...ready.stages, open(['IGNORE_ARCHIVER'])] })).toEqual([]);
    // A stage the archiver ignores is not "the last closed stage" either.
    expect(
      archiveBlockers({ ...ready, stages: [...ready.stages, closed('2025-04-08', ['IGNORE_ARCHIVER'])] }),
    ).toEqual([]);
    expect(archiveBlockers({ ...ready, stages: [open(['IGNORE_ARCHIVER'])] })).toEqual(['noStages']);
  });

  it('waits the configured days after the last closed stage', () => {
    expect(archiveBlockers({ ...ready, today: '2025-04-08' })).toEqual(['tooRecent']);
    expect(archiveBlockers({ ...ready, today: '2025-04-09' })).toEqual([]);
    expect(archiveBlockers({ ...ready, archiveAfterDays: 0, today: '2025-03-10' })).toEqual([]);
    expect(
      archiveBlockers({ ...ready, stages: [{ closed: true, actualDate: null, behaviours: [] }] }),
    ).toEqual(['tooRecent']);
  });

  it('keeps what is in a warehouse', () => {
    expect(archiveBlockers({ ...ready, inWarehouse: true })).toEqual(['inWarehouse']);
  });

  it('needs the application loaded when the client requires one', () => {
    expect(archiveBlockers({ ...ready, applicationLoaded: false })).toEqual(['applicationMissing']);
    expect(archiveBlockers({ ...ready, applicationRequired: false, applicationLoaded: false })).toEqual([]);
  });

  it('waits for the jobs of an order', () => {
    expect(archiveBlockers({ ...ready, jobsNotArchived: 1 })).toEqual(['waitingForJobs']);
  });

  it('needs required and "block archive if empty" custom fields filled', () => {
    expect(archiveBlockers({ ...ready, customFields: { act: 'A-1' } })).toEqual(['requiredCustomFields']);
    expect(archiveBlockers({ ...ready, customFields: { po: 'PO-1', act: ' ' } })).toEqual([
      'blockArchiveCustomFields',
    ]);
    expect(archiveBlockers({ ...ready, customFields: null })).toEqual([
      'requiredCustomFields',
      'blockArchiveCustomFields',
    ]);
  });

  it('gives every reason at once', () => {
    expect(
      archiveBlockers({
        ...ready,
        stages: [open()],
        inWarehouse: true,
        applicationLoaded: false,
        jobsNotArchived: 2,
        customFields: {},
      }),
    ).toEqual([
      'openStages',
      'inWarehouse',
      'applicationMissing',
      'waitingForJobs',
      'requiredCustomFields',
      'blockArchiveCustomFields',
    ]);
  });

  it('labels every reason in both languages', () => {
    expect(Object.keys(ARCHIVE_BLOCKER_LABELS).sort()).toEqual([...ARCHIVE_BLOCKERS].sort());
  });

  it('counts whole days across month ends', () => {
    expect(daysBetween('2025-02-28', '2025-03-01')).toBe(1);
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2);
    expect(daysBetween('2025-03-10', '2025-03-10')).toBe(0);
  });
});

describe('manualArchiveWarnings', () => {
  it('warns of an unfinished shipment, not of the days the archiver waits', () => {
    const recent = archiveBlockers({ ...ready, today: '2025-03-11' });
    expect(recent).toEqual(['tooRecent']);
    expect(manualArchiveWarnings(recent)).toEqual([]);
    const unfinished = archiveBlockers({
      ...ready,
      stages: [closed('2025-03-01'), open()],
      jobsNotArchived: 1,
      inWarehouse: true,
    });
    expect(manualArchiveWarnings(unfinished)).toEqual(['openStages', 'inWarehouse', 'waitingForJobs']);
  });
});
