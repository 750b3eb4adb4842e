import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AppErrorBoundary } from './AppErrorBoundary';
import { PageErrorBoundary } from './PageErrorBoundary';
import { errorSeverity } from './severity';
import i18n from '../i18n/config';

describe('errorSeverity', () => {
  it('is low for chunk-load errors', () => {
    expect(errorSeverity(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe('low');
    const chunk = new Error('Loading chunk 3 failed');
    expect(errorSeverity(chunk)).toBe('low');
  });

  it('is medium for a TypeError reading a property', () => {
    expect(errorSeverity(new TypeError("Cannot read properties of undefined (reading 'name')"))).toBe('medium');
  });

  it('is high otherwise', () => {
    expect(errorSeverity(new Error('boom'))).toBe('high');
    expect(errorSeverity('a string')).toBe('high');
  });
});

function Bomb({ when }: { when: () => boolean }) {
  if (when()) throw new Error('boom');
  return <p>all good</p>;
}

describe('AppErrorBoundary', () => {
  it('offers at most 3 retries, showing how many are left, and an Error ID', async () => {
    await i18n.changeLanguage('en');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <AppErrorBoundary>
        <Bomb when={() => true} />
      </AppErrorBoundary>,
    );
    expect(screen.getByText('Something went wrong')).toBeTruthy();
    expect(screen.getByText(/^Error ID: ERR-/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Contact support' })).toBeTruthy();
    for (const left of [3, 2, 1]) fireEvent.click(screen.getByRole('button', { name: `Try Again (${left} left)` }));
    expect(screen.getByRole('button', { name: 'No retries left' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go Home' }).getAttribute('href')).toBe('/');
  });

  it('renders the children again after a successful retry', async () => {
    await i18n.changeLanguage('en');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let broken = true;
    render(
      <AppErrorBoundary>
        <Bomb when={() => broken} />
      </AppErrorBoundary>,
    );
    broken = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again (3 left)' }));
    expect(screen.getByText('all good')).toBeTruthy();
  });
});

describe('PageErrorBoundary', () => {
  it("shows 'Error Loading {page}' with Reload and Go Home", async () => {
    await i18n.changeLanguage('en');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Page() {
      const [broken] = useState(true);
      return <Bomb when={() => broken} />;
    }
    render(
      <PageErrorBoundary page="Conversions">
        <Page />
      </PageErrorBoundary>,
    );
    expect(screen.getByText('Error Loading Conversions')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go Home' }).getAttribute('href')).toBe('/');
  });
});
