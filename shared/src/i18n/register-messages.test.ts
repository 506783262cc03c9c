import { describe, expect, it } from '@rstest/core';
import { i18n, registerMessages, setLanguage } from './index';

const texts = { en: { 'extra.word': 'Receipt' }, ar: { 'extra.word': 'سند قبض' } } as const;

describe('texts an area adds to a namespace', () => {
  it('are there in a language held before the area loaded, when the page switches back to it', async () => {
    const namespace = 'added-texts-test';
    registerMessages(namespace, async () => ({}));
    await i18n.loadNamespaces(namespace);
    await setLanguage('ar');
    await i18n.loadNamespaces(namespace);
    await setLanguage('en');
    try {
      // An area loads while the page is in English: it adds its words to the namespace.
      registerMessages(namespace, async (language) => texts[language]);
      await expect.poll(() => i18n.getFixedT('en', namespace)('extra.word')).toBe('Receipt');
      await setLanguage('ar');
      await expect.poll(() => i18n.getFixedT('ar', namespace)('extra.word')).toBe('سند قبض');
    } finally {
      await setLanguage('en');
    }
  });
});

describe('a namespace an area adds to', () => {
  it("keeps its owner's texts in a language switched to later when the area's addition there is refused", async () => {
    const namespace = 'refused-addition-test';
    registerMessages(namespace, async (language) => ({ 'owner.word': language === 'ar' ? 'حفظ' : 'Save' }));
    await i18n.loadNamespaces(namespace);
    registerMessages(namespace, async (language) => {
      if (language === 'ar') throw new Error('Loading chunk failed (integrity): texts-ar-json.js');
      return { 'extra.word': 'Receipt' };
    });
    await expect.poll(() => i18n.getFixedT('en', namespace)('extra.word')).toBe('Receipt');
    try {
      await setLanguage('ar');
      await i18n.loadNamespaces(namespace);
      expect(i18n.getFixedT('ar', namespace)('owner.word')).toBe('حفظ');
    } finally {
      await setLanguage('en');
    }
  });
});
