import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/fetcher';
import { ErrorCode } from '../api/generated/model';
import i18n from '../i18n/config';
import { keyed, useForm, type FormOptions } from './useForm';

interface Values {
  name: string;
  domains: string;
  EUR: string;
}

const initial: Values = { name: '', domains: '', EUR: '1' };

const refusal = (code: string, details: { field?: string; rule?: string; message: string }[], status = 400) =>
  new ApiError({ status, kind: 'CLIENT_ERROR', code, message: 'refused by the server', details });

function renderForm(options: Partial<FormOptions<Values, string, 'nameRequired'>> = {}) {
  const send = vi.fn(async (values: Values) => `saved ${values.name}`);
  const onSaved = vi.fn();
  const view = renderHook(() =>
    useForm<Values, string, 'nameRequired'>({
      initial,
      send,
      onSaved,
      refusal: (error) => (error instanceof ApiError ? `form: ${error.message}` : 'form: failed'),
      ...options,
    }),
  );
  return { ...view, send, onSaved };
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

describe('useForm', () => {
  it('checks the values before sending, and clears a field’s message when it changes', async () => {
    const { result, send } = renderForm({
      validate: (values) => ({ name: values.name ? undefined : 'Name is required' }),
    });
    await act(() => result.current.submit());
    expect(send).not.toHaveBeenCalled();
    expect(result.current.errors).toEqual({ name: 'Name is required' });
    expect(result.current.field('name')).toMatchObject({ name: 'name', error: true, helperText: 'Name is required' });

    act(() => result.current.set('name', 'Ada'));
    expect(result.current.errors.name).toBeUndefined();
    expect(result.current.field('name', 'help')).toMatchObject({ value: 'Ada', error: false, helperText: 'help' });
    await act(() => result.current.submit());
    expect(send).toHaveBeenCalledWith({ ...initial, name: 'Ada' });
  });

  it('words a check’s message key at each render, so it follows the language', async () => {
    const text = vi.fn((key: 'nameRequired') => (i18n.language === 'ro' ? `ro ${key}` : `en ${key}`));
    const { result, rerender } = renderForm({ text, validate: (values) => keyed({ name: values.name ? undefined : ('nameRequired' as const) }) });
    await act(() => result.current.submit());
    expect(result.current.errors.name).toBe('en nameRequired');
    await act(() => i18n.changeLanguage('ro'));
    rerender();
    expect(result.current.errors.name).toBe('ro nameRequired');
  });

  it("places the server's 400 details at the fields they name, nested and array paths included", async () => {
    const { result, onSaved } = renderForm({
      fields: { name: { label: 'Name', limits: { maxLength: 10 } } },
      // The server names the rate 'rates.EUR'.
      fieldOf: (field) => (field === 'rates.EUR' ? 'EUR' : (['name', 'domains'] as const).find((name) => field.split('.')[0] === name)),
      send: () =>
        Promise.reject(
          refusal(ErrorCode.VALIDATION_ERROR, [
            { field: 'name', rule: 'maxLength', message: 'too long' },
            { field: 'domains.2', rule: 'format', message: 'bad domain' },
            { field: 'rates.EUR', rule: 'minimum', message: 'too small' },
          ]),
        ),
    });
    act(() => result.current.set('name', 'Ada'));
    await act(() => result.current.submit());
    expect(result.current.errors).toEqual({
      name: 'At most 10 characters.',
      domains: 'The value is not in the expected format.',
      EUR: 'The value is too small.',
    });
    // Fields show the refusal: no form-level message.
    expect(result.current.formError).toBeNull();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('maps a field named as the server sends it to the same form field by default, and its first segment', async () => {
    const { result } = renderForm({
      send: () => Promise.reject(refusal(ErrorCode.VALIDATION_ERROR, [{ field: 'domains.0', rule: 'required', message: 'x' }])),
    });
    await act(() => result.current.submit());
    expect(result.current.errors).toEqual({ domains: 'This field is required.' });
  });

  it('places a code the form words itself at its field, even without details', async () => {
    const { result } = renderForm({
      codes: { [ErrorCode.CODE_TAKEN]: { name: 'That name is taken' } },
      send: () => Promise.reject(refusal(ErrorCode.CODE_TAKEN, [], 409)),
    });
    await act(() => result.current.submit());
    expect(result.current.errors).toEqual({ name: 'That name is taken' });
    expect(result.current.formError).toBeNull();
  });

  it('tells a refusal no field shows in the form-level message', async () => {
    const { result } = renderForm({
      send: () => Promise.reject(refusal(ErrorCode.VALIDATION_ERROR, [{ field: 'other', rule: 'required', message: 'x' }])),
    });
    await act(() => result.current.submit());
    expect(result.current.errors).toEqual({});
    expect(result.current.formError).toBe('form: refused by the server');

    const network = renderForm({ send: () => Promise.reject(new ApiError({ status: 0, kind: 'NETWORK_ERROR' })) });
    await act(() => network.result.current.submit());
    expect(network.result.current.errors).toEqual({});
    expect(network.result.current.formError).toBe('form: Unable to connect to the server. Please check your internet connection.');
  });

  it('explains a refusal in the form-level message too when asked, and hands it the placed messages', async () => {
    const refusalText = vi.fn(() => 'summed up');
    const { result } = renderForm({
      explainAlways: true,
      refusal: refusalText,
      send: () => Promise.reject(refusal(ErrorCode.VALIDATION_ERROR, [{ field: 'name', rule: 'required', message: 'x' }])),
    });
    await act(() => result.current.submit());
    expect(result.current.errors).toEqual({ name: 'This field is required.' });
    expect(result.current.formError).toBe('summed up');
    expect(refusalText).toHaveBeenCalledWith(expect.any(ApiError), { name: 'This field is required.' });
  });

  it('is pending while the server answers, and sends once however often submit is called', async () => {
    let answer: (value: string) => void = () => {};
    const send = vi.fn(() => new Promise<string>((resolve) => (answer = resolve)));
    const { result, onSaved } = renderForm({ send });
    expect(result.current.pending).toBe(false);
    let first: Promise<void> = Promise.resolve();
    act(() => {
      first = result.current.submit();
    });
    expect(result.current.pending).toBe(true);
    await act(() => result.current.submit());
    expect(send).toHaveBeenCalledOnce();
    await act(async () => {
      answer('done');
      await first;
    });
    expect(result.current.pending).toBe(false);
    expect(onSaved).toHaveBeenCalledWith('done', initial);
  });

  it('resets to the initial values, or to given ones, without messages', async () => {
    const { result } = renderForm({ validate: () => ({ name: 'wrong' }) });
    act(() => result.current.set('domains', 'shop.example.com'));
    await act(() => result.current.submit());
    act(() => result.current.setFormError('failed'));
    act(() => result.current.reset());
    expect(result.current.values).toEqual(initial);
    expect(result.current.errors).toEqual({});
    expect(result.current.formError).toBeNull();
    act(() => result.current.reset({ ...initial, name: 'Saved' }));
    await waitFor(() => expect(result.current.values.name).toBe('Saved'));
  });
});
