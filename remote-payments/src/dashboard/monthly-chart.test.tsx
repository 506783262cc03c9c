import { describe, expect, it } from '@rstest/core';
import { act, screen, within } from '@testing-library/react';
import { setLanguage } from '@admin/shared/i18n';
import { fils } from '@admin/shared/money';
import { renderPage } from '@admin/shared/testing';
import MonthlyChart, { axisTop } from './monthly-chart';

const months = Array.from({ length: 12 }, (_, i) => ({
  month: `2026-${String(i + 1).padStart(2, '0')}`,
  invoiced: fils((i + 1) * 10_000),
  collected: fils(i * 5_000),
}));

describe('MonthlyChart', () => {
  it('draws two bars a month, each titled with its exact amount, under one accessible name', () => {
    renderPage(<MonthlyChart months={months} />);
    const chart = screen.getByRole('img', { name: 'Invoiced and collected per month, in KD' });
    const bars = chart.querySelectorAll('[data-part="bar"]');
    expect(bars).toHaveLength(24);
    expect(bars[0]?.querySelector('title')?.textContent).toBe('Jan 2026, Invoiced: 10.000 KD');
    expect(bars[23]?.querySelector('title')?.textContent).toBe('Dec 2026, Collected: 55.000 KD');
    // The tallest bar reaches the axis top (120 KD → 200 KD), none goes past it.
    const heights = [...bars].map((bar) => Number(bar.getAttribute('height')));
    expect(Math.max(...heights)).toBeLessThanOrEqual(216);
  });

  it('gives screen readers the figures as a table', () => {
    renderPage(<MonthlyChart months={months} />);
    const table = screen.getByRole('table', { name: 'Invoiced and collected per month' });
    const nov = within(table).getByRole('row', { name: /Nov 2026/ });
    expect(nov.textContent).toContain('110.000 KD');
    expect(nov.textContent).toContain('50.000 KD');
  });

  it('in Arabic names the months in Arabic with Western digits and reads right to left', async () => {
    await act(() => setLanguage('ar'));
    try {
      renderPage(<MonthlyChart months={months} />);
      const chart = await screen.findByRole('img', { name: 'المفوتر والمحصّل شهريًا بالدينار الكويتي' });
      const bars = [...chart.querySelectorAll('[data-part="bar"]')];
      const [january] = bars;
      const december = bars[23];
      if (!january || !december) throw new Error('two bars a month, January to December');
      expect(january.querySelector('title')?.textContent).toBe('يناير 2026، المفوتر: \u206610.000 د.ك\u2069');
      // January's bars stand at the right edge, December's at the left.
      const start = (bar: Element) => parseFloat(bar.getAttribute('x')!);
      expect(start(january)).toBeGreaterThan(start(december));
      expect(start(january)).toBeGreaterThan(90);
      const table = screen.getByRole('table', { name: 'المفوتر والمحصّل شهريًا' });
      expect(within(table).getByRole('row', { name: /نوفمبر 2026/ }).textContent).toContain('110.000 د.ك');
    } finally {
      await act(() => setLanguage('en'));
    }
  });

  it('rounds the axis up to 1, 2 or 5 times a power of ten', () => {
    expect(axisTop(0)).toBe(1000);
    expect(axisTop(120_000)).toBe(200_000);
    expect(axisTop(450_000)).toBe(500_000);
    expect(axisTop(1_000_000)).toBe(1_000_000);
  });
});
