import { describe, expect, it } from '@rstest/core';
import { amountInWords } from './amount-in-words';
import { fils } from './money';

const words = (amount: number) => [amountInWords(fils(amount), 'en'), amountInWords(fils(amount), 'ar')];

describe('amountInWords', () => {
  it('writes the dinars in words and the fils in digits, in English and in Arabic', () => {
    expect(words(60_250)).toEqual(['Sixty Kuwaiti Dinars and 250 Fils', 'ستون دينارًا كويتيًا و250 فلسًا']);
    expect(words(1_234_567_891)).toEqual([
      'One Million Two Hundred Thirty Four Thousand Five Hundred Sixty Seven Kuwaiti Dinars and 891 Fils',
      'مليون ومائتان وأربعة وثلاثون ألف وخمسمائة وسبعة وستون دينارًا كويتيًا و891 فلسًا',
    ]);
  });

  it('leaves out the fils of whole dinars and the dinars of less than one', () => {
    expect(words(1_000)).toEqual(['One Kuwaiti Dinar', 'دينار كويتي واحد']);
    expect(words(250)).toEqual(['250 Fils', '250 فلسًا']);
    expect(words(0)).toEqual(['Zero Kuwaiti Dinars', 'صفر دينار كويتي']);
  });

  it('counts the dinar in Arabic with the form its number takes', () => {
    expect(words(2_000)).toEqual(['Two Kuwaiti Dinars', 'ديناران كويتيان']);
    expect(words(3_000)).toEqual(['Three Kuwaiti Dinars', 'ثلاثة دنانير كويتية']);
    expect(words(10_000)).toEqual(['Ten Kuwaiti Dinars', 'عشرة دنانير كويتية']);
    expect(words(11_000)).toEqual(['Eleven Kuwaiti Dinars', 'أحد عشر دينارًا كويتيًا']);
    expect(words(21_000)).toEqual(['Twenty One Kuwaiti Dinars', 'واحد وعشرون دينارًا كويتيًا']);
    expect(words(99_000)).toEqual(['Ninety Nine Kuwaiti Dinars', 'تسعة وتسعون دينارًا كويتيًا']);
    expect(words(100_000)).toEqual(['One Hundred Kuwaiti Dinars', 'مائة دينار كويتي']);
    expect(words(101_000)).toEqual(['One Hundred One Kuwaiti Dinars', 'مائة وواحد دينار كويتي']);
    expect(words(103_000)).toEqual(['One Hundred Three Kuwaiti Dinars', 'مائة وثلاثة دنانير كويتية']);
    expect(words(1_000_000)).toEqual(['One Thousand Kuwaiti Dinars', 'ألف دينار كويتي']);
    expect(words(3_000_000)).toEqual(['Three Thousand Kuwaiti Dinars', 'ثلاثة آلاف دينار كويتي']);
    expect(words(1_000_000_000)).toEqual(['One Million Kuwaiti Dinars', 'مليون دينار كويتي']);
  });

  it('counts the fils in Arabic the same way', () => {
    expect(words(2_001)).toEqual(['Two Kuwaiti Dinars and 1 Fils', 'ديناران كويتيان و1 فلس']);
    expect(words(2_005)).toEqual(['Two Kuwaiti Dinars and 5 Fils', 'ديناران كويتيان و5 فلوس']);
    expect(words(2_011)).toEqual(['Two Kuwaiti Dinars and 11 Fils', 'ديناران كويتيان و11 فلسًا']);
    expect(words(2_100)).toEqual(['Two Kuwaiti Dinars and 100 Fils', 'ديناران كويتيان و100 فلس']);
  });

  it("joins Arabic's 'and' to the word after it", () => {
    for (const amount of [21_000, 1_234_567_891, 999_999_999_999]) {
      expect(amountInWords(fils(amount), 'ar')).not.toMatch(/(^|\s)و\s/);
    }
  });

  it("states a refund's amount as paid out: the sign is the voucher's title, not a word", () => {
    expect(amountInWords(fils(-45_000), 'en')).toBe('Forty Five Kuwaiti Dinars');
    expect(amountInWords(fils(-45_000), 'ar')).toBe('خمسة وأربعون دينارًا كويتيًا');
  });

  it('writes the largest amount the product takes, and refuses what is not whole fils', () => {
    expect(amountInWords(fils(999_999_999_999), 'en')).toBe(
      'Nine Hundred Ninety Nine Million Nine Hundred Ninety Nine Thousand Nine Hundred Ninety Nine Kuwaiti Dinars and 999 Fils',
    );
    expect(() => amountInWords(60.25 as never, 'en')).toThrow(TypeError);
  });
});
