import { describe, expect, it } from '@rstest/core';
import { i18n, loadTexts, registerMessages } from './index';

describe("an area's texts", () => {
  it('load, or say why they could not, instead of leaving their keys to be shown', async () => {
    const refused = new Error('Loading chunk failed (integrity): /remotes/masters/1.0.0/static/js/texts-en-json.js');
    registerMessages('refused-texts-test', async () => {
      throw refused;
    });
    await expect(loadTexts('refused-texts-test')).rejects.toBe(refused);

    registerMessages('loaded-texts-test', async () => ({ title: 'Customers' }));
    await expect(loadTexts('loaded-texts-test')).resolves.toBeUndefined();
    expect(i18n.t('title', { ns: 'loaded-texts-test' })).toBe('Customers');
  });
});
