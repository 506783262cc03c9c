import { afterEach, describe, expect, it } from '@rstest/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { queryClient } from '@admin/shared/query';
import { renderPage } from '../../testing';
import { SearchSelect } from './search-select';

interface City {
  _id: string;
  cityName: string;
}
const CITIES: City[] = ['Hawalli', 'Salmiya', 'Jahra', 'Fahaheel'].map((cityName, i) => ({
  _id: String(i + 1),
  cityName,
}));

/** Every search the server was asked, in order. */
let searches: string[] = [];
afterEach(() => {
  searches = [];
  queryClient.clear();
});

function Harness({ initial = '', clearable = false, withLookup = false }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <SearchSelect<City>
        aria-label="City"
        value={value}
        clearable={clearable}
        onChange={(city) => setValue(city?._id ?? '')}
        queryKey={(search) => ['cities', 'list', { search }]}
        search={async (search) => {
          searches.push(search);
          return CITIES.filter((c) => c.cityName.toLowerCase().includes(search.toLowerCase()));
        }}
        fetchOne={
          withLookup
            ? { queryKey: (id) => ['cities', 'detail', id], fetch: async (id) => CITIES.find((c) => c._id === id)! }
            : undefined
        }
        itemValue={(c) => c._id}
        itemLabel={(c) => c.cityName}
        emptyText="No cities found"
      />
      <output data-testid="value">{value}</output>
    </>
  );
}

const box = () => screen.getByRole('combobox', { name: 'City' }) as HTMLInputElement;
const value = () => screen.getByTestId('value').textContent;

describe('SearchSelect', () => {
  it('asks the server only once opened, then with what staff type', async () => {
    const user = userEvent.setup();
    renderPage(<Harness />);
    await new Promise((r) => setTimeout(r, 300));
    expect(searches).toEqual([]);
    expect(box().getAttribute('aria-expanded')).toBe('false');

    await user.type(box(), 'sal');
    expect(box().getAttribute('aria-expanded')).toBe('true');
    await waitFor(() => expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Salmiya']));
    expect(searches.at(-1)).toBe('sal');
    await user.click(screen.getByRole('option', { name: 'Salmiya' }));
    expect(value()).toBe('2');
    expect(box().value).toBe('Salmiya');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('is driven by the keyboard: arrows move, Enter chooses, Escape closes', async () => {
    const user = userEvent.setup();
    renderPage(<Harness />);
    box().focus();
    await user.keyboard('{ArrowDown}');
    await screen.findByRole('option', { name: 'Hawalli' });
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(box().getAttribute('aria-activedescendant')).toBe(screen.getByRole('option', { name: 'Jahra' }).id);
    await user.keyboard('{Enter}');
    expect(value()).toBe('3');

    await user.type(box(), 'x');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box().value).toBe('Jahra');
  });

  it('says when nothing matches, and keeps the last choice when the box is left', async () => {
    const user = userEvent.setup();
    renderPage(<Harness initial="1" withLookup />);
    await waitFor(() => expect(box().value).toBe('Hawalli'));
    await user.clear(box());
    await user.type(box(), 'zzz');
    expect(await screen.findByText('No cities found')).toBeTruthy();
    await user.tab();
    expect(value()).toBe('1');
    expect(box().value).toBe('Hawalli');
  });

  it('when clearable, emptying the box clears the choice', async () => {
    const user = userEvent.setup();
    renderPage(<Harness initial="4" clearable withLookup />);
    await waitFor(() => expect(box().value).toBe('Fahaheel'));
    await user.clear(box());
    await user.tab();
    expect(value()).toBe('');
    expect(box().value).toBe('');
  });
});
