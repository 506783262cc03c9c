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
