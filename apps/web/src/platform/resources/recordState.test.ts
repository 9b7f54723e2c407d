import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/errors';
import { recordIdOf, recordStateOf } from './recordState';

const refused = (status: number) => ({ data: undefined, error: new ApiError(status, 'Refused.') });
const loading = { data: undefined, error: null };
const loaded = { data: { id: 1 }, error: null };

describe('what a record screen shows', () => {
  it('says a record is missing when it is not found, not the reader’s to see, or named by no id', () => {
    expect(recordStateOf([refused(404)])).toBe('missing');
    expect(recordStateOf([refused(403)])).toBe('missing');
    expect(recordStateOf([loaded, refused(404)])).toBe('missing');
    expect(recordStateOf([loading], true)).toBe('missing');
  });

  it('waits for every load, and says another failure as such', () => {
    expect(recordStateOf([loading])).toBe('loading');
    expect(recordStateOf([loaded, loading])).toBe('loading');
    expect(recordStateOf([loaded])).toBe('ready');
    expect(recordStateOf([refused(400)])).toBe('failed');
    expect(recordStateOf([{ data: undefined, error: new Error('offline') }])).toBe('failed');
  });

  it('reads a route id: none is a new record, anything but digits no record', () => {
    expect(recordIdOf(undefined)).toBeNull();
    expect(recordIdOf('42')).toBe(42);
    expect(recordIdOf('abc')).toBeNaN();
    expect(recordIdOf('1e3')).toBeNaN();
  });
});
