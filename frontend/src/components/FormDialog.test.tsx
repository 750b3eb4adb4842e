import { TextField } from '@mui/material';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../i18n/config';
import { jsonResponse, renderWithProviders } from '../test/renderWithProviders';
import { CampaignDialog } from '../sections/offers/CampaignDialog';
import { FormDialog } from './FormDialog';

/** Two required fields; `refuseLater` refuses as a server would, after a round trip. */
function Harness({ onClose, refuseLater = false }: { onClose: () => void; refuseLater?: boolean }) {
  const [values, setValues] = useState({ name: '', email: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = async () => {
    const found = Object.fromEntries(Object.entries(values).filter(([, v]) => !v).map(([k]) => [k, `${k} is required`]));
    if (refuseLater) await new Promise((resolve) => setTimeout(resolve, 10));
    setErrors(found);
  };
  const field = (name: 'name' | 'email') => ({
    name,
    label: name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => setValues((current) => ({ ...current, [name]: event.target.value })),
    error: Boolean(errors[name]),
    helperText: errors[name],
  });
  return (
    <FormDialog title="Harness" onClose={onClose} onSubmit={submit} testId="harness" submitLabel="Send">
      <TextField {...field('name')} />
      <TextField {...field('email')} />
    </FormDialog>
  );
}

const input = (name: string) => document.querySelector(`[name="${name}"]`) as HTMLInputElement;
const escape = () => fireEvent.keyDown(screen.getByTestId('harness').querySelector('[role="dialog"]') as Element, { key: 'Escape' });

beforeEach(async () => {
  vi.stubGlobal('fetch', vi.fn(async () => jsonResponse({ success: false, error: 'no', code: 'NOT_FOUND' }, 404)));
  await i18n.changeLanguage('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('FormDialog', () => {
  it('focuses the first invalid field after a refused submit and announces how many need correcting', async () => {
    renderWithProviders(<Harness onClose={() => {}} />);
    fireEvent.click(screen.getByText('Send'));
    await waitFor(() => expect(document.activeElement).toBe(input('name')));
    expect(screen.getByRole('alert').textContent).toBe('Correct the 2 highlighted fields.');
    // The error is the field's description: a screen reader reads it with the field.
    expect(input('name').getAttribute('aria-invalid')).toBe('true');
    const description = document.getElementById(input('name').getAttribute('aria-describedby') ?? '');
    expect(description?.textContent).toBe('name is required');
  });

  it('points at the field a refusal marks after a round trip, in Romanian too', async () => {
    await i18n.changeLanguage('ro');
    renderWithProviders(<Harness onClose={() => {}} refuseLater />);
    fireEvent.change(input('name'), { target: { value: 'Ada' } });
    fireEvent.click(screen.getByText('Send'));
    await waitFor(() => expect(document.activeElement).toBe(input('email')));
    expect(screen.getByRole('alert').textContent).toBe('Corectează câmpul evidențiat.');
    // Typing again takes the alert away until the next submit.
    fireEvent.change(input('email'), { target: { value: 'ada@example.com' } });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('closes an untouched form on Escape', () => {
    const onClose = vi.fn();
    renderWithProviders(<Harness onClose={onClose} />);
    escape();
    expect(onClose).toHaveBeenCalledOnce();
    expect(screen.queryByTestId('confirm-dialog')).toBeNull();
  });

  it('asks before discarding typed input, and keeps it on "Keep editing"', async () => {
    const onClose = vi.fn();
    renderWithProviders(<Harness onClose={onClose} />);
    fireEvent.change(input('name'), { target: { value: 'Ada' } });
    escape();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByTestId('confirm-message').textContent).toBe('What you entered in this form will be lost.');
    fireEvent.click(screen.getByTestId('confirm-cancel'));
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).toBeNull());
    expect(input('name').value).toBe('Ada');
    escape();
    fireEvent.click(await screen.findByTestId('confirm-ok'));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('closes without asking when the typing was undone', () => {
    const onClose = vi.fn();
    renderWithProviders(<Harness onClose={onClose} />);
    fireEvent.change(input('name'), { target: { value: 'Ada' } });
    fireEvent.change(input('name'), { target: { value: '' } });
    escape();
    expect(onClose).toHaveBeenCalledOnce();
  });

  it("points at the field of the server's 400 in a real dialog", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(
          {
            success: false,
            error: 'invalid',
            code: 'VALIDATION_ERROR',
            details: [{ field: 'homepage_url', message: 'not an allowed domain' }],
          },
          400,
        ),
      ),
    );
    renderWithProviders(<CampaignDialog open onClose={() => {}} onSaved={() => {}} />);
    fireEvent.change(input('name'), { target: { value: 'Summer Sale' } });
    fireEvent.change(input('homepage_url'), { target: { value: 'https://elsewhere.example.org' } });
    fireEvent.change(input('commission_value'), { target: { value: '0.10' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('campaign-dialog-submit'));
    });
    await waitFor(() => expect(document.activeElement).toBe(input('homepage_url')));
    expect(screen.getByTestId('form-dialog-invalid').textContent).toBe('Correct the highlighted field.');
  });
});
