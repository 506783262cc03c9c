import { describe, expect, it } from '@rstest/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '@admin/shared/i18n';
import { renderForm } from '@admin/shared/testing';
import { MASTERS_NAMESPACE } from '../i18n';
import { lookupForm } from './lookup-page';
import {
  banksScreen,
  customerCitiesScreen,
  customerKindsScreen,
  customerNationalitiesScreen,
  productTypesScreen,
} from './lookup-screens';

const screens = [
  {
    def: productTypesScreen,
    label: 'Type Name',
    required: 'Type name is required',
    min: null,
    max: 'Type name cannot exceed 100 characters',
  },
  {
    def: customerKindsScreen,
    label: 'Kind Name',
    required: 'Kind name is required',
    min: 'Kind name must be at least 2 characters',
    max: 'Kind name cannot exceed 100 characters',
  },
  {
    def: customerNationalitiesScreen,
    label: 'Nationality Name',
    required: 'Nationality name is required',
    min: 'Nationality name must be at least 2 characters',
    max: 'Nationality name cannot exceed 100 characters',
  },
  {
    def: customerCitiesScreen,
    label: 'City Name',
    required: 'City name is required',
    min: 'City name must be at least 2 characters',
    max: 'City name cannot exceed 100 characters',
  },
];

describe.each(screens)('$label dialog', ({ def, label, required, min, max }) => {
  async function submit(text: string) {
    const sent: unknown[] = [];
    const user = userEvent.setup();
    const t = i18n.getFixedT('en', MASTERS_NAMESPACE);
    await renderForm(lookupForm(def as never, t), async (input) => void sent.push(input));
    expect(screen.getByRole('dialog', { name: t(def.texts.dialogTitles.create) })).toBeTruthy();
    if (text) await user.type(screen.getByLabelText(new RegExp(`^${label}`)), text);
    await user.click(screen.getByRole('button', { name: 'Create' }));
    return sent;
  }

  it('requires the name', async () => {
    const sent = await submit('   ');
    expect(await screen.findByText(required)).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('applies the length limits', async () => {
    await submit('y'.repeat(101));
    expect(await screen.findByText(max)).toBeTruthy();
  });

  it(min ? 'refuses one character' : 'accepts one character', async () => {
    const sent = await submit('A');
    if (min) {
      expect(await screen.findByText(min)).toBeTruthy();
      expect(sent).toEqual([]);
    } else {
      await waitFor(() => expect(sent).toEqual([{ [def.lookup.nameField]: 'A' }]));
    }
  });

  it('sends the trimmed name under its field', async () => {
    const sent = await submit('  Al Ahmadi  ');
    await waitFor(() => expect(sent).toEqual([{ [def.lookup.nameField]: 'Al Ahmadi' }]));
  });
});

describe('Bank dialog', () => {
  async function submit(name: string, arabic: string) {
    const sent: unknown[] = [];
    const user = userEvent.setup();
    await renderForm(
      lookupForm(banksScreen, i18n.getFixedT('en', MASTERS_NAMESPACE)),
      async (input) => void sent.push(input),
    );
    await user.type(screen.getByLabelText(/^Bank Name/), name);
    if (arabic) await user.type(screen.getByLabelText(/^Arabic Name/), arabic);
    await user.click(screen.getByRole('button', { name: 'Create' }));
    return sent;
  }

  it("sends the bank's Arabic name beside its name", async () => {
    const sent = await submit('Gulf Bank', 'بنك الخليج');
    await waitFor(() => expect(sent).toEqual([{ bankName: 'Gulf Bank', bankNameAr: 'بنك الخليج' }]));
  });

  it('sends no Arabic name when it is left empty', async () => {
    const sent = await submit('Burgan Bank', '');
    await waitFor(() => expect(sent).toEqual([{ bankName: 'Burgan Bank', bankNameAr: null }]));
  });
});
