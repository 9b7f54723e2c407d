import { describe, expect, it } from 'vitest';
import { quoteMargin } from './quote';

const rub = (amount: string) => ({ amount, currency: 'RUB' });

describe('the margin of a quote (docs/request-offers.md "Quote")', () => {
  it('is the price less the chosen offers, and its share of the price to one decimal', () => {
    expect(quoteMargin(rub('1000.00'), [rub('600'), rub('66.67')], 'RUB')).toEqual({
      price: rub('1000.00'),
      cost: rub('666.67'),
      margin: rub('333.33'),
      percent: '33.3',
      priceError: null,
    });
    expect(quoteMargin(rub('500.00'), [rub('600.00')], 'RUB')).toMatchObject({
      margin: rub('-100.00'),
      percent: '-20.0',
    });
  });

  it('is not computed without a price, without chosen offers, or on a zero price', () => {
    expect(quoteMargin(null, [rub('600')], 'RUB')).toMatchObject({ cost: rub('600.00'), margin: null });
    expect(quoteMargin(rub('1000.00'), [], 'RUB')).toMatchObject({ cost: null, margin: null });
    expect(quoteMargin(rub('0'), [rub('10')], 'RUB')).toMatchObject({ margin: rub('-10.00'), percent: null });
  });
});
