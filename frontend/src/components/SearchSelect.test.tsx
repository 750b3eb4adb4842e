import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SearchSelect, type Choice } from './SearchSelect';

const people: Choice[] = [
  { id: '1', name: 'Ada Lovelace' },
  { id: '2', name: 'Bob Builder' },
];

function Field({ search, selectedName, initial = '' }: { search: (query: string) => Promise<Choice[]>; selectedName?: string; initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <SearchSelect label="Person" value={value} onChange={setValue} search={search} queryKey="people" selectedName={selectedName} testId="person" />
      <output data-testid="chosen">{value}</output>
    </>
  );
}

const renderField = (props: Parameters<typeof Field>[0]) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Field {...props} />
    </QueryClientProvider>,
  );

describe('search select', () => {
  it('asks the server for the typed text, shows its page and keeps the chosen item by id and name', async () => {
    const search = vi.fn(async (query: string) => people.filter((person) => person.name.toLowerCase().includes(query.toLowerCase())));
    renderField({ search });
    const input = screen.getByTestId('person') as HTMLInputElement;
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'bob' } });
    await waitFor(() => expect(search.mock.calls.map(([query]) => query)).toContain('bob'));
    fireEvent.click(await screen.findByRole('option', { name: 'Bob Builder' }));
    expect(screen.getByTestId('chosen').textContent).toBe('2');
    expect(input.value).toBe('Bob Builder');
  });

  it('shows an option\'s description muted after its name, and the field keeps the name alone', async () => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <SearchSelect
          label="Person"
          value=""
          onChange={() => undefined}
          search={async () => people}
          queryKey="described"
          testId="person"
          describe={(person) => (person.id === '2' ? 'away' : undefined)}
        />
      </QueryClientProvider>,
    );
    const input = screen.getByTestId('person') as HTMLInputElement;
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'b' } });
    const away = await screen.findByRole('option', { name: 'Bob Builder (away)' });
    expect(screen.getByRole('option', { name: 'Ada Lovelace' })).toBeTruthy();
    expect(getComputedStyle(away.querySelector('span') as HTMLElement).color).not.toBe(getComputedStyle(away).color);
    fireEvent.click(away);
    expect(input.value).toBe('Bob Builder');
  });

  it('names a choice it did not search for (read from the URL) by the name given', () => {
    renderField({ search: async () => [], selectedName: 'Ada Lovelace', initial: '1' });
    expect((screen.getByTestId('person') as HTMLInputElement).value).toBe('Ada Lovelace');
  });
});

/** Every source file of the app (tests aside). */
function sources(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('lists', () => {
  it('never load a whole list at once: choices are searched, lists are paged', () => {
    const whole = sources(resolve(import.meta.dirname, '..')).filter((path) => /limit:\s*1000\b/.test(readFileSync(path, 'utf8')));
    expect(whole).toEqual([]);
  });
});
