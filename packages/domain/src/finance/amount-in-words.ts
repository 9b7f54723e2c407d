import { decimalFixed, isDecimal } from '../common/decimal';

/**
 * An amount written out as a bill prints it under its total ("Сто двадцать рублей 50 копеек", "One hundred
 * twenty US dollars and 50 cents"): the whole units in words, the minor units in digits, from the decimal
 * text (never a float). A currency without its own words is named by its code.
 */

type Gender = 'm' | 'f';
/** Russian forms for 1, 2-4 and 5-20 (рубль, рубля, рублей). */
type RuForms = readonly [string, string, string];

interface CurrencyWords {
  ru: { major: RuForms; majorGender: Gender; minor: RuForms; minorGender: Gender };
  en: { major: readonly [string, string]; minor: readonly [string, string] };
}

const CURRENCY_WORDS: Record<string, CurrencyWords> = {
  RUB: {
    ru: {
      major: ['рубль', 'рубля', 'рублей'],
      majorGender: 'm',
      minor: ['копейка', 'копейки', 'копеек'],
      minorGender: 'f',
    },
    en: { major: ['rouble', 'roubles'], minor: ['kopeck', 'kopecks'] },
  },
  USD: {
    ru: {
      major: ['доллар США', 'доллара США', 'долларов США'],
      majorGender: 'm',
      minor: ['цент', 'цента', 'центов'],
      minorGender: 'm',
    },
    en: { major: ['US dollar', 'US dollars'], minor: ['cent', 'cents'] },
  },
  EUR: {
    ru: {
      major: ['евро', 'евро', 'евро'],
      majorGender: 'm',
      minor: ['евроцент', 'евроцента', 'евроцентов'],
      minorGender: 'm',
    },
    en: { major: ['euro', 'euros'], minor: ['cent', 'cents'] },
  },
  CNY: {
    ru: {
      major: ['юань', 'юаня', 'юаней'],
      majorGender: 'm',
      minor: ['фэнь', 'фэня', 'фэней'],
      minorGender: 'm',
    },
    en: { major: ['yuan', 'yuan'], minor: ['fen', 'fen'] },
  },
  KZT: {
    ru: {
      major: ['тенге', 'тенге', 'тенге'],
      majorGender: 'm',
      minor: ['тиын', 'тиына', 'тиынов'],
      minorGender: 'm',
    },
    en: { major: ['tenge', 'tenge'], minor: ['tiyn', 'tiyn'] },
  },
  BYN: {
    ru: {
      major: ['белорусский рубль', 'белорусских рубля', 'белорусских рублей'],
      majorGender: 'm',
      minor: ['копейка', 'копейки', 'копеек'],
      minorGender: 'f',
    },
    en: { major: ['Belarusian rouble', 'Belarusian roubles'], minor: ['kopeck', 'kopecks'] },
  },
};

const RU_ONES = {
  m: ['', 'один', 'два', 'три', 'четыре', 'пять', 'шесть', 'семь', 'восемь', 'девять'],
  f: ['', 'одна', 'две', 'три', 'четыре', 'пять', 'шесть', 'семь', 'восемь', 'девять'],
};
const RU_TEENS = [
  'десять',
  'одиннадцать',
  'двенадцать',
  'тринадцать',
  'четырнадцать',
  'пятнадцать',
  'шестнадцать',
  'семнадцать',
  'восемнадцать',
  'девятнадцать',
];
const RU_TENS = [
  '',
  '',
  'двадцать',
  'тридцать',
  'сорок',
  'пятьдесят',
  'шестьдесят',
  'семьдесят',
  'восемьдесят',
  'девяносто',
];
const RU_HUNDREDS = [
  '',
  'сто',
  'двести',
  'триста',
  'четыреста',
  'пятьсот',
  'шестьсот',
  'семьсот',
  'восемьсот',
  'девятьсот',
];
/** Thousands, millions, billions, trillions: gender and forms of each triad's name. */
const RU_SCALES: readonly { gender: Gender; forms: RuForms }[] = [
  { gender: 'f', forms: ['тысяча', 'тысячи', 'тысяч'] },
  { gender: 'm', forms: ['миллион', 'миллиона', 'миллионов'] },
  { gender: 'm', forms: ['миллиард', 'миллиарда', 'миллиардов'] },
  { gender: 'm', forms: ['триллион', 'триллиона', 'триллионов'] },
];

/** The Russian form of a noun after `n`: 1 рубль, 2 рубля, 5 рублей, 11 рублей, 21 рубль. */
export function russianPlural(n: bigint, forms: RuForms): string {
  const last2 = Number(n % 100n);
  const last = last2 % 10;
  if (last2 >= 11 && last2 <= 14) return forms[2];
  if (last === 1) return forms[0];
  if (last >= 2 && last <= 4) return forms[1];
  return forms[2];
}

function russianTriad(n: number, gender: Gender): string[] {
  const words = [RU_HUNDREDS[Math.floor(n / 100)] ?? ''];
  const rest = n % 100;
  if (rest >= 10 && rest < 20) words.push(RU_TEENS[rest - 10] ?? '');
  else words.push(RU_TENS[Math.floor(rest / 10)] ?? '', RU_ONES[gender][rest % 10] ?? '');
  return words.filter(Boolean);
}

/** A whole number in Russian words for a noun of that gender ("одна тысяча двести два"). */
export function russianNumber(n: bigint, gender: Gender): string {
  if (n === 0n) return 'ноль';
  const triads: number[] = [];
  for (let rest = n; rest > 0n; rest /= 1000n) triads.push(Number(rest % 1000n));
  const words: string[] = [];
  for (let i = triads.length - 1; i >= 0; i--) {
    const triad = triads[i] ?? 0;
    if (triad === 0) continue;
    const scale = i > 0 ? RU_SCALES[i - 1] : undefined;
    if (i > 0 && !scale) throw new RangeError('amount too large for words');
    words.push(...russianTriad(triad, scale ? scale.gender : gender));
    if (scale) words.push(russianPlural(BigInt(triad), scale.forms));
  }
  return words.join(' ');
}

const EN_ONES = [
  '',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const EN_TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const EN_SCALES = ['thousand', 'million', 'billion', 'trillion'];

function englishTriad(n: number): string {
  const words: string[] = [];
  if (n >= 100) words.push(`${EN_ONES[Math.floor(n / 100)]} hundred`);
  const rest = n % 100;
  if (rest >= 20)
    words.push(
      rest % 10 ? `${EN_TENS[Math.floor(rest / 10)]}-${EN_ONES[rest % 10]}` : (EN_TENS[rest / 10] ?? ''),
    );
  else if (rest > 0) words.push(EN_ONES[rest] ?? '');
  return words.join(' ');
}

/** A whole number in English words ("one thousand two hundred two"). */
export function englishNumber(n: bigint): string {
  if (n === 0n) return 'zero';
  const triads: number[] = [];
  for (let rest = n; rest > 0n; rest /= 1000n) triads.push(Number(rest % 1000n));
  const words: string[] = [];
  for (let i = triads.length - 1; i >= 0; i--) {
    const triad = triads[i] ?? 0;
    if (triad === 0) continue;
    if (i > 0 && !EN_SCALES[i - 1]) throw new RangeError('amount too large for words');
    words.push(englishTriad(triad) + (i > 0 ? ` ${EN_SCALES[i - 1]}` : ''));
  }
  return words.join(' ');
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * `amount` (decimal text, rounded half away from zero to two places) of `currency` in words in `language`:
 * "Сто двадцать три рубля 05 копеек", "One hundred twenty-three roubles and 05 kopecks". A negative amount
 * is refused: a bill's total is never below zero.
 */
export function amountInWords(amount: string, currency: string, language: 'ru' | 'en'): string {
  if (!isDecimal(amount) || amount.trim().startsWith('-')) throw new RangeError(`not an amount: ${amount}`);
  const [whole = '0', fraction = '00'] = decimalFixed(amount, 2).split('.');
  const major = BigInt(whole);
  const minor = BigInt(fraction);
  const words = CURRENCY_WORDS[currency.toUpperCase()];
  if (language === 'ru') {
    if (!words) return capitalize(`${russianNumber(major, 'm')} ${currency.toUpperCase()} ${fraction}`);
    const { ru } = words;
    return capitalize(
      `${russianNumber(major, ru.majorGender)} ${russianPlural(major, ru.major)} ${fraction} ${russianPlural(minor, ru.minor)}`,
    );
  }
  if (!words) return capitalize(`${englishNumber(major)} ${currency.toUpperCase()} and ${fraction}/100`);
  const { en } = words;
  return capitalize(
    `${englishNumber(major)} ${major === 1n ? en.major[0] : en.major[1]} and ${fraction} ${minor === 1n ? en.minor[0] : en.minor[1]}`,
  );
}
