/**
 * An amount of Kuwaiti dinars written out, as receipts, invoices and credit notes state it, dinars
 * and fils in words: 'One thousand two hundred thirty-four Kuwaiti dinars and five hundred fils',
 * 'ألف ومائتان وأربعة وثلاثون دينارًا كويتيًا وخمسمائة فلس'.
 *
 * The numbers' words come from to-words (its British English and Gulf Arabic locales); the
 * currency's words are ours, because no library names the Kuwaiti dinar with its 3-decimal fils,
 * and Arabic counts the dinar with a form that depends on the number (docs/decisions.md,
 * "Receipts").
 */
import { toWords as arabicNumber } from 'to-words/ar-AE';
import { toWords as englishNumber } from 'to-words/en-GB';
import type { Language } from './contract/languages';
import { fils as checked, FILS_PER_KD, type Fils } from './money';

const TENS = 'Twenty|Thirty|Forty|Fifty|Sixty|Seventy|Eighty|Ninety';
const UNITS = 'One|Two|Three|Four|Five|Six|Seven|Eight|Nine';

/** An English number in words, as a sentence writes it: 'two hundred thirty-four'. */
const englishWords = (count: number) =>
  englishNumber(count)
    .replace(new RegExp(`\\b(${TENS}) (${UNITS})\\b`, 'g'), '$1-$2')
    .toLowerCase();

/** English: 'one Kuwaiti dinar', 'sixty Kuwaiti dinars'; fils is the same in the plural. */
const englishDinars = (dinars: number) => `${englishWords(dinars)} Kuwaiti ${dinars === 1 ? 'dinar' : 'dinars'}`;
const englishFils = (fils: number) => `${englishWords(fils)} fils`;

/** The sentence starts with a capital. */
const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The noun an Arabic number counts with: the dual alone for 2, a genitive plural after 3 to 10, an
 * accusative singular after 11 to 99, a genitive singular after a round hundred, thousand or
 * million; a number ending in 1 or 2 past 100 counts as the round number before it
 * ('مائة وواحد دينار'). Each noun's forms: [singular genitive, accusative, plural].
 */
function arabicCountedNoun(count: number, forms: readonly [string, string, string]): string {
  const lastTwo = count % 100;
  if (lastTwo >= 3 && lastTwo <= 10) return forms[2];
  if (lastTwo >= 11) return forms[1];
  return forms[0];
}

const DINAR = ['دينار كويتي', 'دينارًا كويتيًا', 'دنانير كويتية'] as const;
const FILS = ['فلس', 'فلسًا', 'فلوس'] as const;

/** to-words writes 'and' as a word of its own ('واحد و عشرون'); Arabic joins it to the next word. */
const arabicWords = (count: number) => arabicNumber(count).replace(/(^|\s)و\s+/g, '$1و');

function arabicDinars(dinars: number): string {
  if (dinars === 1) return 'دينار كويتي واحد';
  if (dinars === 2) return 'ديناران كويتيان';
  return `${arabicWords(dinars)} ${arabicCountedNoun(dinars, DINAR)}`;
}

function arabicFils(fils: number): string {
  if (fils === 1) return 'فلس واحد';
  if (fils === 2) return 'فلسان';
  return `${arabicWords(fils)} ${arabicCountedNoun(fils, FILS)}`;
}

/**
 * `amount` (fils, its sign ignored: a refund's voucher states what was paid out) in words in
 * `language`. Whole dinars leave out the fils, less than a dinar leaves out the dinars, and zero is
 * zero dinars.
 */
export function amountInWords(amount: Fils, language: Language): string {
  const whole = Math.abs(checked(amount));
  const dinars = Math.floor(whole / FILS_PER_KD);
  const fils = whole % FILS_PER_KD;
  if (language === 'en') {
    if (!fils) return sentence(englishDinars(dinars));
    return sentence(dinars ? `${englishDinars(dinars)} and ${englishFils(fils)}` : englishFils(fils));
  }
  if (!fils) return dinars ? arabicDinars(dinars) : `صفر ${DINAR[0]}`;
  return dinars ? `${arabicDinars(dinars)} و${arabicFils(fils)}` : arabicFils(fils);
}
