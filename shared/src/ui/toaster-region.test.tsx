import { describe, expect, it } from '@rstest/core';
import { render, screen, within } from '@testing-library/react';
import { UiProvider } from './provider';
import { notifyError, notifySuccess, showToasterRegion } from './toaster';

const page = () =>
  render(
    <UiProvider>
      <p>Sign in</p>
    </UiProvider>,
  );
const region = () => screen.findByRole('region', { name: /Notifications/ });

describe("the toasts' region", () => {
  // The worker's first toast: a region put on the page ahead (the signed-in pages' preload) shows it.
  it('shows the first toast made once it is on the page', async () => {
    showToasterRegion();
    page();
    await region();
    notifySuccess('Login successful!');
    expect(await within(await region()).findByText('Login successful!')).toBeTruthy();
  });

  it('shows a toast made while its code loads', async () => {
    page();
    notifyError('Invalid username or password');
    expect(await within(await region()).findByText('Invalid username or password')).toBeTruthy();
  });
});
