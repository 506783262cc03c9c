import { describe, expect, it } from '@rstest/core';
import { screen } from '@testing-library/react';
import { renderPage } from '../testing';
import { DataTable, OptionSelect } from './index';

/** The CSS the page holds for an element's generated classes (the test DOM does not cascade layers). */
function cssOf(element: Element): string {
  const css = [...document.querySelectorAll('style')].map((style) => style.textContent ?? '').join('\n');
  const classes = [...element.classList].filter((name) => name.startsWith('css-'));
  return classes.flatMap((name) => css.match(new RegExp(`\\.${name}\\{[^}]*\\}`, 'g')) ?? []).join('\n');
}

describe("the kit's component styles", () => {
  it('a table and a select from the kit are styled by the system the core provider holds', () => {
    renderPage(
      <>
        <DataTable label="Styled" columns={[{ header: 'Column', cell: (row: string) => row }]} rows={['cell']} />
        <OptionSelect aria-label="Choice" options={[{ value: 'a', label: 'A' }]} />
      </>,
    );
    expect(cssOf(screen.getByRole('table', { name: 'Styled' }))).toContain('border-collapse:collapse');
    expect(cssOf(screen.getByRole('combobox', { name: 'Choice' }))).toContain('appearance:none');
  });
});
