import { describe, expect, it } from '@rstest/core';
import { amountInWords } from './amount-in-words';
import { fils } from './money';

const words = (amount: number) => [amountInWords(fils(amount), 'en'), amountInWords(fils(amount), 'ar')];

// Amounts in fils, and how invoices, receipts and credit notes write them. Arabic counts each noun
// with the form its number takes: the dual alone for 2, a plural after 3 to 10, an accusative
// singular after 11 to 99, a genitive singular after a round hundred, thousand or million.
const CASES: [number, string, string][] = [
  [1, 'One fils', 'فلس واحد'],
  [2, 'Two fils', 'فلسان'],
  [3, 'Three fils', 'ثلاثة فلوس'],
  [10, 'Ten fils', 'عشرة فلوس'],
  [11, 'Eleven fils', 'أحد عشر فلسًا'],
  [100, 'One hundred fils', 'مائة فلس'],
  [250, 'Two hundred fifty fils', 'مائتان وخمسون فلسًا'],
  [1_000, 'One Kuwaiti dinar', 'دينار كويتي واحد'],
  [2_000, 'Two Kuwaiti dinars', 'ديناران كويتيان'],
  [3_000, 'Three Kuwaiti dinars', 'ثلاثة دنانير كويتية'],
  [10_000, 'Ten Kuwaiti dinars', 'عشرة دنانير كويتية'],
  [11_000, 'Eleven Kuwaiti dinars', 'أحد عشر دينارًا كويتيًا'],
  [21_000, 'Twenty-one Kuwaiti dinars', 'واحد وعشرون دينارًا كويتيًا'],
  [100_000, 'One hundred Kuwaiti dinars', 'مائة دينار كويتي'],
  [101_000, 'One hundred one Kuwaiti dinars', 'مائة وواحد دينار كويتي'],
  [103_000, 'One hundred three Kuwaiti dinars', 'مائة وثلاثة دنانير كويتية'],
  [1_000_000, 'One thousand Kuwaiti dinars', 'ألف دينار كويتي'],
  [3_000_000, 'Three thousand Kuwaiti dinars', 'ثلاثة آلاف دينار كويتي'],
  [1_000_000_000, 'One million Kuwaiti dinars', 'مليون دينار كويتي'],
  [1_001, 'One Kuwaiti dinar and one fils', 'دينار كويتي واحد وفلس واحد'],
  [2_002, 'Two Kuwaiti dinars and two fils', 'ديناران كويتيان وفلسان'],
  [2_005, 'Two Kuwaiti dinars and five fils', 'ديناران كويتيان وخمسة فلوس'],
  [2_011, 'Two Kuwaiti dinars and eleven fils', 'ديناران كويتيان وأحد عشر فلسًا'],
  [60_250, 'Sixty Kuwaiti dinars and two hundred fifty fils', 'ستون دينارًا كويتيًا ومائتان وخمسون فلسًا'],
  [
    1_234_500,
    'One thousand two hundred thirty-four Kuwaiti dinars and five hundred fils',
    'ألف ومائتان وأربعة وثلاثون دينارًا كويتيًا وخمسمائة فلس',
  ],
  [
    1_234_567_891,
    'One million two hundred thirty-four thousand five hundred sixty-seven Kuwaiti dinars and eight hundred ninety-one fils',
    'مليون ومائتان وأربعة وثلاثون ألف وخمسمائة وسبعة وستون دينارًا كويتيًا وثمانمائة وواحد وتسعون فلسًا',
  ],
  [0, 'Zero Kuwaiti dinars', 'صفر دينار كويتي'],
];

describe('amountInWords', () => {
  it.each(CASES)('writes %d fils as "%s" and "%s"', (amount, english, arabic) => {
    expect(words(amount)).toEqual([english, arabic]);
  });

  it("joins Arabic's 'and' to the word after it", () => {
    for (const amount of [21_000, 60_250, 1_234_567_891, 999_999_999_999]) {
      expect(amountInWords(fils(amount), 'ar')).not.toMatch(/(^|\s)و\s/);
    }
  });

  it("states a refund's amount as paid out: the sign is the voucher's title, not a word", () => {
    expect(words(-45_000)).toEqual(['Forty-five Kuwaiti dinars', 'خمسة وأربعون دينارًا كويتيًا']);
  });

  it('writes the largest amount the product takes, and refuses what is not whole fils', () => {
    expect(amountInWords(fils(999_999_999_999), 'en')).toBe(
      'Nine hundred ninety-nine million nine hundred ninety-nine thousand nine hundred ninety-nine Kuwaiti dinars and nine hundred ninety-nine fils',
    );
    expect(() => amountInWords(60.25 as never, 'en')).toThrow(TypeError);
  });
});
