// Regenerates the committed reference data of src/db/seed/data from npm packages (root devDependencies):
// ISO 3166-1 countries from i18n-iso-countries, ISO 4217 currencies from currency-codes, with Russian and
// English names (and the other names countries go by) from the packages and Node's ICU. Run: node apps/server/scripts/generate-reference-data.mjs
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const countries = require('i18n-iso-countries');
const currencyCodes = require('currency-codes');
countries.registerLocale(require('i18n-iso-countries/langs/ru.json'));
countries.registerLocale(require('i18n-iso-countries/langs/en.json'));

const out = path.resolve(import.meta.dirname, '../src/db/seed/data');

/**
 * Names people use that neither the package nor ICU has: the Russian everyday names of a few countries whose
 * official name is long ("Российская Федерация" is "Россия" or "РФ"), and old names still written.
 */
const COMMON_NAMES = {
  AE: ['Объединённые Арабские Эмираты', 'Эмираты', 'Emirates'],
  BY: ['Белоруссия', 'Byelorussia'],
  CZ: ['Чешская Республика', 'Czech'],
  DE: ['ФРГ', 'Deutschland'],
  GB: ['Англия', 'Соединённое Королевство', 'England'],
  KP: ['Северная Корея'],
  KR: ['Южная Корея', 'Корея', 'Korea'],
  MK: ['Македония', 'Macedonia'],
  MM: ['Бирма', 'Burma'],
  NL: ['Голландия', 'Holland'],
  RU: ['РФ'],
  SZ: ['Свазиленд', 'Swaziland'],
  US: ['Соединённые Штаты Америки', 'Америка', 'America'],
};

/**
 * The other names of a country, one a line: the package's other names and ICU's usual and short names in
 * both languages, and COMMON_NAMES; the codes and the two names the row has are searched already.
 */
function aliasesOf(alpha2, name, nameEn) {
  const names = new Set([
    ...countries.getName(alpha2, 'ru', { select: 'all' }),
    ...countries.getName(alpha2, 'en', { select: 'all' }),
    ...['ru', 'en'].flatMap((locale) =>
      ['long', 'short'].map((style) => new Intl.DisplayNames([locale], { type: 'region', style }).of(alpha2)),
    ),
    ...(COMMON_NAMES[alpha2] ?? []),
  ]);
  for (const known of [name, nameEn, alpha2]) names.delete(known);
  return names.size ? [...names].join('\n') : null;
}

function countryRows() {
  const rows = [];
  for (const [alpha2, alpha3] of Object.entries(countries.getAlpha2Codes())) {
    const numeric = countries.alpha2ToNumeric(alpha2);
    // Only officially assigned codes: user-assigned ones (AA, QM-QZ, XA-XZ, ZZ; e.g. XK Kosovo) are not ISO's.
    if (!numeric || /^(AA|Q[M-Z]|X[A-Z]|ZZ)$/.test(alpha2)) continue;
    const name = countries.getName(alpha2, 'ru');
    const nameEn = countries.getName(alpha2, 'en');
    rows.push({
      code: alpha2,
      alpha3: countries.alpha2ToAlpha3(alpha2) ?? alpha3,
      numericCode: numeric,
      name,
      nameEn,
      aliases: aliasesOf(alpha2, name, nameEn),
    });
  }
  return rows.sort((a, b) => a.code.localeCompare(b.code));
}

// ICU lacks names for a few recent codes; ISO's own (English) name and a Russian translation fill them.
const MISSING_NAMES = {
  UYW: { ru: 'Уругвайская номинальная индексированная единица заработной платы' },
  VED: { ru: 'Цифровой боливар' },
  XSU: { ru: 'Сукре' },
  XUA: { ru: 'Расчётная единица Африканского банка развития' },
};

function capitalize(text) {
  return text.charAt(0).toLocaleUpperCase('ru') + text.slice(1);
}

function symbolOf(code) {
  for (const locale of ['en', 'ru']) {
    const part = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: code,
      currencyDisplay: 'narrowSymbol',
    })
      .formatToParts(1)
      .find((p) => p.type === 'currency')?.value;
    if (part && part !== code) return part;
  }
  return null;
}

function currencyRows() {
  const ru = new Intl.DisplayNames(['ru'], { type: 'currency', fallback: 'none' });
  const en = new Intl.DisplayNames(['en'], { type: 'currency', fallback: 'none' });
  return (
    currencyCodes.data
      // XTS (testing) and XXX (no currency) are codes of ISO 4217 but not currencies anyone pays in.
      .filter((c) => c.code !== 'XTS' && c.code !== 'XXX')
      .map((c) => {
        const missing = MISSING_NAMES[c.code];
        const nameRu = ru.of(c.code);
        const nameEn = en.of(c.code);
        return {
          code: c.code,
          numericCode: c.number,
          minorUnits: c.digits,
          name: capitalize(nameRu && nameRu !== c.code ? nameRu : (missing?.ru ?? c.currency)),
          nameEn: nameEn && nameEn !== c.code ? nameEn : (missing?.en ?? c.currency),
          symbol: symbolOf(c.code),
        };
      })
      .sort((a, b) => a.code.localeCompare(b.code))
  );
}

function write(name, rows) {
  writeFileSync(path.join(out, name), `${JSON.stringify(rows, null, 2)}\n`);
  console.log(`${name}: ${rows.length} rows`);
}

write('countries.json', countryRows());
write('currencies.json', currencyRows());
