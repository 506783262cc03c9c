import { describe, expect, it } from '@rstest/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { use, useState } from 'react';
import * as v from 'valibot';
import { fils } from '@admin/shared/money';
import { openDialog, renderPage } from '../../testing';
import { DialogShell } from './dialog-shell';
import { SchemaFormDialog } from './schema-form-dialog';
import { DateInput } from './date-input';
import { DayFilter } from './date-range-filter';
import { MoneyInput, MoneyText, type MoneyValue } from './money';
import { Pager, pageWindow } from './pager';
import { StatusChip, statusColor } from './status-chip';

describe('MoneyText', () => {
  it('shows fils as KD with 3 decimals', () => {
    renderPage(<MoneyText fils={fils(1234500)} />);
    expect(screen.getByText('1,234.500 KD')).toBeTruthy();
  });
});

describe('MoneyInput', () => {
  function Harness({ initial = null as MoneyValue }) {
    const [value, setValue] = useState<MoneyValue>(initial);
    return (
      <>
        <MoneyInput aria-label="Price" value={value} onChange={setValue} />
        <output data-testid="fils">{String(value)}</output>
        <button onClick={() => setValue(fils(2000))}>Use product price</button>
      </>
    );
  }
  const held = () => screen.getByTestId('fils').textContent;
  const box = () => screen.getByLabelText('Price') as HTMLInputElement;

  it('turns typed KD into exact fils and tidies to 3 decimals on blur', () => {
    renderPage(<Harness />);
    fireEvent.change(box(), { target: { value: '1.005' } });
    expect(held()).toBe('1005');
    fireEvent.change(box(), { target: { value: '12.5' } });
    expect(held()).toBe('12500');
    expect(box().value).toBe('12.5');
    fireEvent.blur(box());
    expect(box().value).toBe('12.500');
  });

  it('holds the text itself while it is not an amount (so the form can say why), and null when empty', () => {
    renderPage(<Harness initial={fils(1000)} />);
    expect(box().value).toBe('1.000');
    fireEvent.change(box(), { target: { value: '1.2345' } });
    expect(held()).toBe('1.2345');
    expect(box().value).toBe('1.2345');
    fireEvent.blur(box());
    expect(box().value).toBe('1.2345');
    fireEvent.change(box(), { target: { value: '' } });
    expect(held()).toBe('null');
  });

  it('reads Arabic-Indic digits', () => {
    renderPage(<Harness />);
    fireEvent.change(box(), { target: { value: '١٢٫٥' } });
    expect(held()).toBe('12500');
    fireEvent.blur(box());
    expect(box().value).toBe('12.500');
  });

  it('shows a value set from outside', () => {
    renderPage(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Use product price' }));
    expect(box().value).toBe('2.000');
  });
});

describe('DateInput', () => {
  function Harness({ initial = '' }) {
    const [day, setDay] = useState(initial);
    return (
      <>
        <DateInput aria-label="Date" value={day} onChange={setDay} />
        <output data-testid="day">{day}</output>
      </>
    );
  }
  const day = () => screen.getByTestId('day').textContent;
  const box = () => screen.getByLabelText('Date') as HTMLInputElement;

  it('shows and takes days as dd/mm/yyyy, whatever the browser locale, and holds YYYY-MM-DD', () => {
    renderPage(<Harness initial="2026-01-31" />);
    expect(box().value).toBe('31/01/2026');
    fireEvent.change(box(), { target: { value: '1/2/2026' } });
    expect(day()).toBe('2026-02-01');
    fireEvent.blur(box());
    expect(box().value).toBe('01/02/2026');
  });

  it('moves by a day with the arrow keys and by a week with Page Up/Down', () => {
    renderPage(<Harness initial="2026-12-31" />);
    fireEvent.keyDown(box(), { key: 'ArrowUp' });
    expect(day()).toBe('2027-01-01');
    expect(box().value).toBe('01/01/2027');
    fireEvent.keyDown(box(), { key: 'PageDown' });
    expect(day()).toBe('2026-12-25');
  });

  it('holds text that names no day as typed, so the form can refuse it', () => {
    renderPage(<Harness initial="2026-01-31" />);
    fireEvent.change(box(), { target: { value: '31/02/2026' } });
    expect(day()).toBe('31/02/2026');
    fireEvent.change(box(), { target: { value: '' } });
    expect(day()).toBe('');
  });
});

describe('DayFilter', () => {
  it("passes on whole days only, and says 'Enter a real date' once a box naming no day is left", () => {
    const heard: string[] = [];
    renderPage(<DayFilter id="as-of" label="As of" value="2026-11-26" onChange={(day) => heard.push(day)} />);
    const input = screen.getByLabelText('As of') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '31/02/2026' } });
    // Still typing: no message yet, and no filter changed.
    expect(screen.queryByText('Enter a real date (dd/mm/yyyy)')).toBeNull();
    fireEvent.blur(input);
    expect(screen.getByText('Enter a real date (dd/mm/yyyy)')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(heard).toEqual([]);
    fireEvent.change(input, { target: { value: '03/12/2026' } });
    expect(screen.queryByText('Enter a real date (dd/mm/yyyy)')).toBeNull();
    expect(heard).toEqual(['2026-12-03']);
  });
});

describe('StatusChip', () => {
  it('labels the status in words', () => {
    renderPage(
      <>
        <StatusChip status="high" />
        <StatusChip status="invoice_payment" />
        <StatusChip status="credit" label="Credit" colorPalette="blue" />
      </>,
    );
    expect(screen.getByText('High')).toBeTruthy();
    expect(screen.getByText('Invoice Payment')).toBeTruthy();
    expect(screen.getByText('Credit')).toBeTruthy();
  });

  it('colours each status, anything else secondary', () => {
    expect([statusColor('high'), statusColor('medium'), statusColor('low')]).toEqual(['red', 'orange', 'green']);
    expect(['paid', 'sent', 'overdue', 'cancelled', 'unpaid'].map(statusColor)).toEqual([
      'green',
      'blue',
      'red',
      'gray',
      'orange',
    ]);
    expect(statusColor('draft')).toBe('purple');
  });
});

describe('Pager', () => {
  it('windows long page lists around the current page', () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(10, 20)).toEqual([1, null, 8, 9, 10, 11, 12, null, 20]);
  });

  it('moves between pages and disables the ends', () => {
    const seen: number[] = [];
    renderPage(<Pager page={1} pages={5} onChange={(p) => seen.push(p)} />);
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect((within(nav).getByRole('button', { name: 'Previous page' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(nav).getByRole('button', { name: 'Next page' }));
    fireEvent.click(within(nav).getByRole('button', { name: 'Page 3' }));
    expect(seen).toEqual([2, 3]);
  });

  it('is not shown for a single page', () => {
    renderPage(<Pager page={1} pages={1} onChange={() => {}} />);
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});

describe('SchemaFormDialog', () => {
  it('disables submit while the request is on its way, and closes when it succeeds', async () => {
    let finish: () => void = () => {};
    let closed = false;
    renderPage(
      <SchemaFormDialog
        open
        mode="create"
        title="Add New City"
        schema={v.object({ cityName: v.pipe(v.string(), v.minLength(2, 'City name must be at least 2 characters')) })}
        defaultValues={{ cityName: '' }}
        fields={[{ name: 'cityName', label: 'City Name' }]}
        onSubmit={() => new Promise<void>((resolve) => (finish = resolve))}
        onClose={() => (closed = true)}
      />,
    );
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByLabelText('City Name'), { target: { value: 'K' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('City name must be at least 2 characters')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText('City Name'), { target: { value: 'Kuwait City' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await new Promise((r) => setTimeout(r, 0));
    const submit = dialog.querySelector('button[type="submit"]') as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    expect(within(dialog).getByRole('button', { name: 'Cancel' }).hasAttribute('disabled')).toBe(true);

    finish();
    await waitFor(() => expect(closed).toBe(true));
  });
});

describe('DialogShell', () => {
  it('a body still loading (the form library on a first form) shows in the dialog with a spinner, the page staying', async () => {
    const never = new Promise<never>(() => undefined);
    function Waiting(): null {
      return use(never);
    }
    function Page() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <h1>Customers</h1>
          <button onClick={() => setOpen(true)}>Add customer</button>
          <DialogShell open={open} title="New customer" onClose={() => setOpen(false)}>
            {open && <Waiting />}
          </DialogShell>
        </>
      );
    }
    renderPage(<Page />);
    fireEvent.click(screen.getByRole('button', { name: 'Add customer' }));
    const dialog = await screen.findByRole('dialog', { name: 'New customer' });
    expect(within(dialog).getByRole('status', { name: 'Loading' })).toBeTruthy();
    // Behind the modal, and not hidden as a page-wide Suspense fallback would hide it.
    expect(screen.getByText('Customers').style.display).not.toBe('none');
  });
});
