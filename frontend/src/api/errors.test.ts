import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../i18n/config';
import { resources } from '../i18n/resources';
import { errorMessage, fieldErrorsFrom, tooLongMessage, type FieldInfos } from './errors';
import { ApiError, type ApiErrorDetail } from './fetcher';
import { ErrorCode } from './generated/model';

const refusal = (status: number, code: string, details: ApiErrorDetail[] = [], message = 'English server text') =>
  new ApiError({ status, kind: status >= 500 ? 'SERVER_ERROR' : 'CLIENT_ERROR', code, message, details });

const fields: FieldInfos = {
  name: { label: 'Nume', limits: { maxLength: 200 } },
  password: { label: 'Parolă', limits: { minLength: 8, maxLength: 200 } },
  email: { label: 'Email', taken: 'Există deja un cont cu acest email.' },
  currentPassword: { label: 'Parola actuală', invalid: 'Parola actuală este greșită.' },
  domains: { label: 'Domenii', limits: { maxItems: 50, maxLength: 253 } },
};

afterEach(async () => {
  await i18n.changeLanguage('ro');
});

describe('errorMessage', () => {
  it('has a text for every code of the contract in both languages', () => {
    for (const code of Object.values(ErrorCode)) {
      for (const language of ['ro', 'en'] as const) {
        const codes = resources[language].errors.codes as Record<string, string>;
        expect(codes[code], `${language} errors.codes.${code}`).toBeTruthy();
      }
    }
  });

  it('explains a rule with the field label and the limit, in Romanian', async () => {
    await i18n.changeLanguage('ro');
    const tooLong = refusal(400, ErrorCode.VALIDATION_ERROR, [{ field: 'name', rule: 'maxLength', message: 'name must be at most 200 characters' }]);
    expect(errorMessage(tooLong, 'x', { fields })).toBe('Nume: cel mult 200 de caractere.');
    const tooShort = refusal(400, ErrorCode.VALIDATION_ERROR, [{ field: 'password', rule: 'minLength', message: 'password: minimum string length is 8' }]);
    expect(errorMessage(tooShort, 'x', { fields })).toBe('Parolă: introdu cel puțin 8 caractere.');
    expect(fieldErrorsFrom(tooShort, fields)).toEqual({ password: 'Introdu cel puțin 8 caractere.' });
  });

  it('explains the same rule in English', async () => {
    await i18n.changeLanguage('en');
    const tooLong = refusal(400, ErrorCode.VALIDATION_ERROR, [{ field: 'name', rule: 'maxLength', message: 'server text' }]);
    expect(errorMessage(tooLong, 'x', { fields: { name: { label: 'Name', limits: { maxLength: 200 } } } })).toBe('Name: at most 200 characters.');
  });

  it('says a rule without the limit when the form does not know it, and without a label for an unknown field', () => {
    const error = refusal(400, ErrorCode.VALIDATION_ERROR, [{ field: 'other', rule: 'maxLength', message: 'server text' }]);
    expect(errorMessage(error, 'x')).toBe('Valoarea este prea lungă.');
    expect(fieldErrorsFrom(error)).toEqual({ other: 'Valoarea este prea lungă.' });
  });

  it('shows a refusal by its code, never the server text, for codes the contract names', () => {
    expect(errorMessage(refusal(409, ErrorCode.CONFLICT, [{ field: 'email', message: 'An account with this email already exists' }]), 'x', { fields })).toBe(
      'Email: există deja un cont cu acest email.',
    );
    expect(fieldErrorsFrom(refusal(409, ErrorCode.CONFLICT, [{ field: 'email', message: 'taken' }]), fields)).toEqual({
      email: 'Există deja un cont cu acest email.',
    });
    expect(errorMessage(refusal(404, ErrorCode.NOT_FOUND), 'x')).toBe('Acest element nu mai există sau nu ai acces la el.');
    expect(errorMessage(refusal(409, ErrorCode.IDEMPOTENCY_KEY_REUSED), 'x')).toMatch(/^Această acțiune a fost deja trimisă/);
    expect(errorMessage(refusal(400, ErrorCode.VALIDATION_ERROR, [], 'The request does not match the contract'), 'x')).toBe(
      'Unele informații nu sunt valide. Verifică-le și încearcă din nou.',
    );
  });

  it('uses the form text for a domain rule of a field, else a general one', () => {
    const wrong = refusal(400, ErrorCode.VALIDATION_ERROR, [{ field: 'currentPassword', message: 'The current password is wrong' }]);
    expect(fieldErrorsFrom(wrong, fields)).toEqual({ currentPassword: 'Parola actuală este greșită.' });
    const domain = refusal(400, ErrorCode.VALIDATION_ERROR, [{ field: 'domains.2', message: 'Invalid domain "x"' }]);
    expect(fieldErrorsFrom(domain, fields)).toEqual({ 'domains.2': 'Valoarea nu este validă.', domains: 'Valoarea nu este validă.' });
    expect(errorMessage(domain, 'x', { fields })).toBe('Domenii: valoarea nu este validă.');
  });

  it('keeps an acronym at the start of a message after the label', () => {
    const error = refusal(400, ErrorCode.VALIDATION_ERROR, [{ field: 'homepage_url', message: 'x' }]);
    expect(errorMessage(error, 'x', { fields: { homepage_url: { label: 'Pagina principală', invalid: 'URL-ul nu este valid.' } } })).toBe(
      'Pagina principală: URL-ul nu este valid.',
    );
  });

  it('lets a screen say what a code means there', () => {
    const error = refusal(401, ErrorCode.UNAUTHORIZED, [], 'Invalid email or password');
    expect(errorMessage(error, 'x', { codes: { UNAUTHORIZED: 'Email sau parolă greșită.' } })).toBe('Email sau parolă greșită.');
    expect(errorMessage(error, 'x')).toBe('Sesiunea ta a expirat. Te rugăm să te autentifici din nou.');
  });

  it('falls back to the server text only for a code the UI does not know', () => {
    expect(errorMessage(refusal(418, 'TEAPOT', [], 'I am a teapot'), 'x')).toBe('I am a teapot');
    expect(fieldErrorsFrom(refusal(418, 'TEAPOT', [{ field: 'name', message: 'teapot' }]))).toEqual({});
  });

  it('shows network failures in the chosen language and anything else as the fallback', async () => {
    await i18n.changeLanguage('en');
    const offline = new ApiError({ status: 0, kind: 'NETWORK_ERROR' });
    await i18n.changeLanguage('ro');
    expect(errorMessage(offline, 'x')).toBe('Nu ne putem conecta la server. Te rugăm să verifici conexiunea la internet.');
    expect(errorMessage(new Error('boom'), 'Ceva nu a mers.')).toBe('Ceva nu a mers.');
  });

  it('counts characters with Romanian plurals', () => {
    expect(tooLongMessage(1)).toBe('Cel mult 1 caracter.');
    expect(tooLongMessage(40)).toBe('Cel mult 40 de caractere.');
    expect(tooLongMessage(2000)).toBe('Cel mult 2000 de caractere.');
    expect(tooLongMessage(19)).toBe('Cel mult 19 caractere.');
  });
});
