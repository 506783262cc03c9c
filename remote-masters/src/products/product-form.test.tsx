import { describe, expect, it } from '@rstest/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Product, ProductInput } from '@admin/shared/contract';
import { i18n } from '@admin/shared/i18n';
import { renderForm } from '@admin/shared/testing';
import { fils } from '@admin/shared/money';
import { MASTERS_NAMESPACE } from '../i18n';
import { productForm } from './product-form';

const TYPE = '11111111-1111-4111-8111-111111111111';
// The dialog as staff see it in English (the catalogues load before the first test).
const form = () => productForm([{ value: TYPE, label: 'Hardware' }], i18n.getFixedT('en', MASTERS_NAMESPACE));

async function open(row?: Product) {
  const sent: ProductInput[] = [];
  await renderForm(form(), async (input) => void sent.push(input), row);
  return { sent, user: userEvent.setup() };
}

const field = (label: string) => screen.getByLabelText(new RegExp(`^${label.replace(/[()]/g, '\\$&')}`));

describe('product dialog', () => {
  it('shows each required-field message and sends nothing', async () => {
    const { sent, user } = await open();
    expect(screen.getByRole('dialog', { name: 'Add New Product' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Product name is required')).toBeTruthy();
    expect(screen.getByText('Product price is required')).toBeTruthy();
    expect(screen.getByText('Product type is required')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('sends the price typed in KD as exact fils', async () => {
    const { sent, user } = await open();
    await user.type(field('Product Name'), 'Router');
    await user.type(field('Product Price (KD)'), '1.005');
    await user.selectOptions(field('Product Type'), TYPE);
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(sent).toEqual([{ productName: 'Router', productPrice: 1005, productType: TYPE }]));
  });

  it('says what is wrong with a price that is not an amount, and sends nothing', async () => {
    const { sent, user } = await open();
    await user.type(field('Product Name'), 'Router');
    await user.selectOptions(field('Product Type'), TYPE);
    for (const [typed, message] of [
      ['1.0005', 'At most 3 decimals'],
      ['12,5', 'Use a point for decimals'],
      ['abc', 'Enter an amount such as 12.500'],
    ] as const) {
      await user.clear(field('Product Price (KD)'));
      await user.type(field('Product Price (KD)'), typed);
      await user.click(screen.getByRole('button', { name: 'Create' }));
      expect(await screen.findByText(message)).toBeTruthy();
      expect(screen.queryByText('Product price is required')).toBeNull();
    }
    expect(sent).toEqual([]);
  });

  it('reads Arabic-Indic digits as the amount they stand for', async () => {
    const { sent, user } = await open();
    await user.type(field('Product Name'), 'Router');
    await user.type(field('Product Price (KD)'), '١٢٫٥');
    await user.selectOptions(field('Product Type'), TYPE);
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(sent).toEqual([{ productName: 'Router', productPrice: 12_500, productType: TYPE }]));
  });

  it('shows a stored price in KD with 3 decimals and sends it back unchanged', async () => {
    const row: Product = {
      _id: '22222222-2222-4222-8222-222222222222',
      productName: 'Switch',
      productPrice: fils(12_500),
      productType: { _id: TYPE, productTypeName: 'Hardware' },
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
    const { sent, user } = await open(row);
    expect(screen.getByRole('dialog', { name: 'Edit Product' })).toBeTruthy();
    expect((field('Product Price (KD)') as HTMLInputElement).value).toBe('12.500');
    await user.clear(field('Product Name'));
    await user.type(field('Product Name'), 'Switch 24');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(sent).toEqual([{ productName: 'Switch 24', productPrice: 12_500, productType: TYPE }]));
  });
});
