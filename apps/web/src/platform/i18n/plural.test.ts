import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import enCommon from '../../locales/en/common.json';
import ruCommon from '../../locales/ru/common.json';
import { russianPluralForm } from '../format';

describe('plural dictionaries', () => {
  it('Russian files, days and months follow the 1 / 2–4 / other rule', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({
      lng: 'ru',
      fallbackLng: 'en',
      resources: { ru: { common: ruCommon }, en: { common: enCommon } },
      defaultNS: 'common',
    });
    expect([1, 3, 5, 11, 12, 21, 24].map((count) => i18n.t('files', { count }))).toEqual([
      '1 файл',
      '3 файла',
      '5 файлов',
      '11 файлов',
      '12 файлов',
      '21 файл',
      '24 файла',
    ]);
    expect(i18n.t('days', { count: 2 })).toBe('2 дня');
    expect(i18n.t('months', { count: 14 })).toBe('14 месяцев');
    // i18next's plural categories agree with the product's rule for whole numbers.
    const rules = new Intl.PluralRules('ru');
    for (let n = 0; n < 250; n++) expect(rules.select(n)).toBe(russianPluralForm(n));
  });

  it('English has one and other', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ lng: 'en', resources: { en: { common: enCommon } }, defaultNS: 'common' });
    expect(i18n.t('files', { count: 1 })).toBe('1 file');
    expect(i18n.t('months', { count: 3 })).toBe('3 months');
  });
});
