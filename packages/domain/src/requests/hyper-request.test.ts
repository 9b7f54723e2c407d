import { describe, expect, it } from 'vitest';
import { lotRemovable, lotStatusCounts, lotStatusCountsText } from './hyper-request';
import { REQUEST_STATUSES } from './request';

describe('a hyper request\'s lots (docs/requests.md "Hyper requests")', () => {
  it('are counted per request status, every status present', () => {
    const counts = lotStatusCounts([
      { status: 'QUOTE_COMPLETED' },
      { status: 'NEED_MORE_INFO' },
      { status: 'QUOTE_COMPLETED' },
    ]);
    expect(Object.keys(counts)).toEqual([...REQUEST_STATUSES]);
    expect(counts).toMatchObject({ QUOTE_COMPLETED: 2, NEED_MORE_INFO: 1, QUOTE_NOT_COMPLETED: 0 });
    expect(lotStatusCountsText(counts, 'ru')).toBe('Нужна информация: 1, Котировка готова: 2');
    expect(lotStatusCountsText(counts, 'en')).toBe('Need more info: 1, Quote completed: 2');
  });

  it('may be taken out only while their request is in its first status', () => {
    expect(REQUEST_STATUSES.filter(lotRemovable)).toEqual(['QUOTE_NOT_COMPLETED']);
  });
});
