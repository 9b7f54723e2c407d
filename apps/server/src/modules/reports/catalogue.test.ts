import { REPORTS } from '@tms/domain';
import { describe, expect, it } from 'vitest';
import { REPORT_USE_CASES } from './catalogue';

describe('reports catalogue', () => {
  it('computes every report the menu offers, and no other', () => {
    expect(REPORT_USE_CASES.map((r) => r.report.key)).toEqual(REPORTS.map((r) => r.key));
  });
});
