import type { Generator } from './registry';

/**
 * Printable bills (size ÷ 2): one for every other income bill, numbered 1, 2, … per company and year of
 * its date in date order (the counters left at each year's last number), with one service line for the
 * bill's amount (VAT 20 %); those older than a month finalized, older than two months also processed.
 * Written by SQL from the generated bills, so each document matches its bill's counterparty, company,
 * payment form, currency and sum, as the server's rules require.
 */
export const printableBillsGenerator: Generator = {
  name: 'printable-bills',
  tables: ['printable_bills', 'printable_bill_lines', 'printable_bill_counters'],
  rows: (size) => Math.floor(size / 2),
  async run({ client }) {
    await client.query(`
      INSERT INTO printable_bills (number, date, bill_ids, counterparty_id, counterparty_name, legal_entity_id,
                                   payment_form_id, currency_id, amount, finalized, finalized_at, processed,
                                   created_by_id, created_at, updated_at)
      SELECT (row_number() OVER (PARTITION BY b.legal_entity_id, extract(year FROM b.date) ORDER BY b.date, b.id))::text,
             b.date, ARRAY[b.id], b.counterparty_id, b.counterparty_name, b.legal_entity_id, b.payment_form_id,
             b.currency_id, b.amount, b.date < current_date - 30,
             CASE WHEN b.date < current_date - 30 THEN b.date + 1 END, b.date < current_date - 60,
             b.created_by_id, b.created_at, b.created_at
        FROM (SELECT *, row_number() OVER (ORDER BY id) AS k FROM bills WHERE direction = 'INCOME') b
       WHERE b.k % 2 = 1
       ORDER BY b.date, b.id`);
    await client.query(`
      INSERT INTO printable_bill_lines (printable_bill_id, position, name, quantity, unit, price, vat_rate, amount)
      SELECT p.id, 0, 'Транспортно-экспедиционные услуги по счёту № ' || b.number, 1, 'усл.', p.amount, '20', p.amount
        FROM printable_bills p JOIN bills b ON b.id = p.bill_ids[1]`);
    await client.query(`
      INSERT INTO printable_bill_counters (legal_entity_id, year, last_number)
      SELECT legal_entity_id, number_year, max(number::int) FROM printable_bills GROUP BY 1, 2`);
  },
};
