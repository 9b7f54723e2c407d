import { type CounterpartySimilarMatch, type CounterpartySimilarQuery, SIMILAR_LIMIT } from '@tms/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/connection';
import { contacts } from '../../platform/identity/tables';
import { counterparties as c, similarNameSql } from './tables';

/** The last ten digits of a phone: "+7 (495) 123-45-67" and "8 495 1234567" compare equal. */
export function phoneKey(phone: string): string {
  return phone.replace(/\D/g, '').slice(-10);
}

type Reason = CounterpartySimilarMatch['reasons'][number];

interface SimilarRow {
  id: number;
  name: string;
  inn: string | null;
  kpp: string | null;
  country_id: number;
  client: boolean;
  contractor: boolean;
  black_list: boolean;
  score: number;
  reasons: Reason[];
}

/**
 * Possible duplicates among the live counterparties the user may see (`scope`): the nearest names by
 * trigram similarity of their `similarNameSql` forms (pg_trgm's `%` at its default 0.3 threshold, nearest
 * first through the GiST index),
 * the same INN, the same email (the counterparty's primary or listed one, or a contact's) and the same
 * phone (by its last ten digits, the counterparty's or a contact's). A record matched several ways scores
 * its best and lists every reason; exact matches score 1.
 */
export async function similarCounterparties(
  tx: Tx,
  query: CounterpartySimilarQuery,
  scope: SQL | undefined,
): Promise<CounterpartySimilarMatch[]> {
  const live = sql`${c.mergedIntoId} IS NULL${scope ? sql` AND ${scope}` : sql``}${
    query.excludeId ? sql` AND ${c.id} <> ${query.excludeId}` : sql``
  }`;
  const parts: SQL[] = [];
  if (query.name?.trim()) {
    const name = similarNameSql(sql`${query.name}::text`);
    parts.push(sql`(SELECT ${c.id} AS id, 'name'::text AS reason, similarity(${c.similarName}, ${name})::float8 AS score
      FROM ${c} WHERE ${c.similarName} % ${name} AND ${live}
      ORDER BY ${c.similarName} <-> ${name} LIMIT ${SIMILAR_LIMIT})`);
  }
  const inn = query.inn?.trim();
  if (inn) {
    parts.push(sql`(SELECT ${c.id}, 'inn'::text, 1::float8 FROM ${c} WHERE ${c.inn} = ${inn} AND ${live}
      LIMIT ${SIMILAR_LIMIT})`);
  }
  const email = query.email?.trim().toLowerCase();
  if (email) {
    parts.push(sql`(SELECT ${c.id}, 'email'::text, 1::float8 FROM ${c}
      WHERE (lower(${c.email}) = ${email} OR string_to_array(lower(${c.emails}), ', ') @> ARRAY[${email}]::text[])
        AND ${live} LIMIT ${SIMILAR_LIMIT})`);
    parts.push(sql`(SELECT ${c.id}, 'email'::text, 1::float8 FROM ${contacts} JOIN ${c} ON ${c.id} = ${contacts.counterpartyId}
      WHERE lower(${contacts.email}) = ${email} AND ${live} LIMIT ${SIMILAR_LIMIT})`);
  }
  const phone = query.phone ? phoneKey(query.phone) : '';
  if (phone.length >= 5) {
    parts.push(sql`(SELECT ${c.id}, 'phone'::text, 1::float8 FROM ${c} WHERE ${c.phoneKey} = ${phone} AND ${live}
      LIMIT ${SIMILAR_LIMIT})`);
    parts.push(sql`(SELECT ${c.id}, 'phone'::text, 1::float8 FROM ${contacts} JOIN ${c} ON ${c.id} = ${contacts.counterpartyId}
      WHERE ${contacts.phoneKey} = ${phone} AND ${live} LIMIT ${SIMILAR_LIMIT})`);
  }
  if (!parts.length) return [];
  const result = (await tx.execute(sql`
    WITH found(id, reason, score) AS (${sql.join(parts, sql` UNION ALL `)}),
    best AS (
      SELECT id, max(score) AS score, array_agg(DISTINCT reason) AS reasons FROM found GROUP BY id
    )
    SELECT cp.id, cp.name, cp.inn, cp.kpp, cp.country_id, cp.client, cp.contractor, cp.black_list,
      best.score, best.reasons
    FROM best JOIN counterparties cp ON cp.id = best.id
    ORDER BY best.score DESC, cp.name, cp.id
    LIMIT ${SIMILAR_LIMIT}`)) as unknown as { rows: SimilarRow[] };
  const order: Reason[] = ['inn', 'email', 'phone', 'name'];
  return result.rows.map((row) => ({
    counterparty: {
      id: row.id,
      name: row.name,
      inn: row.inn,
      kpp: row.kpp,
      countryId: row.country_id,
      client: row.client,
      contractor: row.contractor,
      blackList: row.black_list,
    },
    score: Math.round(Number(row.score) * 1000) / 1000,
    reasons: order.filter((r) => row.reasons.includes(r)),
  }));
}
