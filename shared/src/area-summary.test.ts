import { describe, expect, it } from '@rstest/core';
import { summarizeArea } from './area-summary';

const catalogues = {
  en: { 'menu.pay': 'Payments', 'pay.title': 'Payments list', 'cheques.title': 'Cheques', 'group.cash': 'Cash desk' },
  ar: { 'menu.pay': 'الدفعات', 'pay.title': 'المدفوعات', 'cheques.title': 'الشيكات', 'group.cash': 'الصندوق' },
};

describe('an area summary', () => {
  it('gives each page its menu text in every language (the menu label, else the title), its place and permission', () => {
    const summary = summarizeArea(
      [
        {
          path: '/payments',
          title: 'pay.title',
          permission: 'payments.read',
          menu: { label: 'menu.pay', group: 'transactions', order: 30 },
        },
        { path: '/cheques', title: 'cheques.title', menu: { group: 'cash', order: 10 } },
        { path: '/receipts', title: 'cheques.title' },
      ],
      [{ id: 'cash', label: 'group.cash', order: 35 }],
      catalogues,
    );
    expect(summary).toEqual({
      pages: [
        {
          path: '/payments',
          label: { en: 'Payments', ar: 'الدفعات' },
          permission: 'payments.read',
          menu: { group: 'transactions', order: 30 },
        },
        { path: '/cheques', label: { en: 'Cheques', ar: 'الشيكات' }, menu: { group: 'cash', order: 10 } },
        { path: '/receipts', label: { en: 'Cheques', ar: 'الشيكات' } },
      ],
      groups: [{ id: 'cash', label: { en: 'Cash desk', ar: 'الصندوق' }, order: 35 }],
    });
  });

  it('fails the build on a text missing from a catalogue, rather than ship a raw key', () => {
    expect(() => summarizeArea([{ path: '/x', title: 'missing.key', menu: { order: 1 } }], [], catalogues)).toThrow(
      'The en catalogue has no text for "missing.key"',
    );
  });
});
