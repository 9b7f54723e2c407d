import { describe, expect, it } from 'vitest';
import { latestValidity, OFFER_MESSAGES as O, offerStatusOf, validityIssue } from './offer';

describe('the validity of an offer (spec §9, docs/request-offers.md)', () => {
  it('reaches at most a year, 29 February landing on 28 February', () => {
    expect(latestValidity('2026-03-10')).toBe('2027-03-10');
    expect(latestValidity('2028-02-29')).toBe('2029-02-28');
  });

  it('refuses a new offer past a year or ending before today', () => {
    expect(validityIssue('2027-03-10', '2026-03-10', null)).toBeNull();
    expect(validityIssue('2027-03-11', '2026-03-10', null)).toBe(O.extension);
    expect(validityIssue('2026-03-09', '2026-03-10', null)).toBe(O.validityPast);
  });

  it('extends an end by at most a year past it, or past today when it is over, and keeps an unchanged one', () => {
    expect(validityIssue('2027-06-01', '2026-03-10', '2026-06-01')).toBeNull();
    expect(validityIssue('2027-06-02', '2026-03-10', '2026-06-01')).toBe(O.extension);
    expect(validityIssue('2027-03-10', '2026-03-10', '2026-01-01')).toBeNull();
    expect(validityIssue('2026-01-01', '2026-03-10', '2026-01-01')).toBeNull();
  });

  it('gives the status of its facts', () => {
    expect(offerStatusOf({ disabled: false, amounts: [] })).toBe('REQUESTED');
    expect(offerStatusOf({ disabled: false, amounts: [{}] })).toBe('RECEIVED');
    expect(offerStatusOf({ disabled: true, amounts: [{}] })).toBe('DISABLED');
  });
});
