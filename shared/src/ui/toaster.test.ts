import { afterEach, describe, expect, it } from '@rstest/core';
import { dismissErrors, notifyError, notifySuccess, toaster } from './toaster';

const visible = () =>
  toaster
    .getVisibleToasts()
    .map((toast) => `${toast.type}: ${String(toast.title)}`)
    .sort();

describe('toasts', () => {
  afterEach(() => toaster.remove());

  it('shows one toast per failure, however many calls report it', () => {
    // A 401 reaches every call the page had in flight.
    notifyError('Your session has ended');
    notifyError('Your session has ended');
    notifyError('Customer not found');
    expect(visible()).toEqual(['error: Customer not found', 'error: Your session has ended']);
  });

  it('dismisses the error toasts and keeps the others', () => {
    notifyError('Invalid username or password');
    notifySuccess('Customer created successfully');
    dismissErrors();
    expect(visible()).toEqual(['success: Customer created successfully']);
  });
});
