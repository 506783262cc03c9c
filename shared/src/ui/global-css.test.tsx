import { afterEach, describe, expect, it } from '@rstest/core';
import { render } from '@testing-library/react';
import { Button } from '@chakra-ui/react';
import { systemGlobalCss } from './global-css';
import { UiProvider } from './provider';
import { GLOBAL_CSS_ATTRIBUTE } from './system';

/** The CSS Emotion's global sheets hold now (Chakra's provider writes the system's through them). */
const insertedGlobalCss = () =>
  [...document.querySelectorAll('style[data-emotion^="css-global"]')].map((style) => style.textContent).join('');

afterEach(() => document.querySelector(`style[${GLOBAL_CSS_ATTRIBUTE}]`)?.remove());

describe("the style system's global CSS built into the page", () => {
  it('is, rule for rule, what the provider inserts on a page that does not bring it', () => {
    const { unmount } = render(<UiProvider>page</UiProvider>);
    const inserted = insertedGlobalCss();
    unmount();
    expect(inserted).toContain('--chakra-colors-fg-error:');
    expect(systemGlobalCss()).toBe(inserted);
  });

  it('is not inserted again on a page that brings it, and the components are still styled', () => {
    const style = document.createElement('style');
    style.setAttribute(GLOBAL_CSS_ATTRIBUTE, '');
    style.textContent = systemGlobalCss();
    document.head.append(style);
    const { getByRole } = render(
      <UiProvider>
        <Button>Save</Button>
      </UiProvider>,
    );
    expect(insertedGlobalCss()).not.toContain('--chakra-colors');
    // The button's recipe styles are written as usual: its Emotion class has its rules.
    const emotionClass = [...getByRole('button', { name: 'Save' }).classList].find((name) => name.startsWith('css-'));
    const componentCss = [...document.querySelectorAll('style[data-emotion="css"]')].map((s) => s.textContent).join('');
    expect(componentCss).toContain(`.${emotionClass}{`);
  });
});
