// Wording rules for the locale files: the Romanian glossary (docs/i18n.md), as data. To rule out
// a term, add a row: the pattern, why it is wrong and what to write instead. The test names each string that breaks one.
import { describe, expect, it } from 'vitest';
import { resources } from '../i18n/resources';

interface Banned {
  pattern: RegExp;
  reason: string;
  use: string;
}

// A word boundary that knows Romanian letters (\b treats ă, ș, ț... as non-letters).
const word = (body: string, flags = 'iu') => new RegExp(`(?<!\\p{L})(?:${body})(?!\\p{L})`, flags);

export const bannedRomanian: Banned[] = [
  { pattern: /[şţŞŢ]/u, reason: 'cedilla letter', use: 'comma below: ș ț Ș Ț' },
  { pattern: /[ãÃ]/u, reason: 'tilde a', use: 'ă' },
  { pattern: /"/u, reason: 'straight double quote as a quotation mark', use: '„…”' },
  { pattern: /[“«»]/u, reason: 'English or French opening quote', use: '„…”' },
  { pattern: /^[^„]*”/u, reason: 'closing ” without an opening „', use: '„…”' },
  { pattern: word('e-mail\\p{L}*'), reason: 'spelling', use: 'email, emailul' },
  { pattern: word('aplic(?:are|area|ări|ării|ările|ărilor)'), reason: 'glossary: application', use: 'cerere de înscriere' },
  {
    pattern: word('(?:a|ai|am|au|să) aplica(?:t)?|aplici|aplicat la|aplicat'),
    reason: 'glossary: to apply to a campaign',
    use: 'a trimite o cerere de înscriere, a se înscrie în',
  },
  { pattern: word('alătur\\p{L}*|alăture'), reason: 'glossary: join', use: 'a se înscrie în (te-ai înscris, înscrie-te)' },
  { pattern: word('întrerup\\p{L}*'), reason: 'glossary: pause', use: 'Pune pe pauză / Pe pauză / pusă pe pauză' },
  { pattern: /^Analiză$/u, reason: 'glossary: Analytics as a title', use: 'Analize' },
  { pattern: word('webhookur\\p{L}*'), reason: 'spelling', use: 'webhook-uri, webhook-urile' },
  { pattern: word('gazd\\p{L}*'), reason: 'glossary: host', use: 'administrator (the role), nume de domeniu (a host name)' },
  { pattern: /^(?:Eșuat|Eșuată)$/u, reason: 'a lone past participle as a title', use: 'Operațiune eșuată, or say what failed' },
  { pattern: /^Din(?: \{\{\w+\}\})?$/u, reason: 'a lone "from" reads as a preposition', use: 'Membru din, De la {{date}}' },
  { pattern: word('nesetat\\p{L}*'), reason: 'calque of "not set"', use: 'Nespecificat' },
  { pattern: word('liniuțe jos'), reason: 'calque of "underscores"', use: 'caractere de subliniere (_)' },
  { pattern: word('plătită plata|ca plătită'), reason: 'glossary: a payout is made, not paid', use: 'efectuată' },
  { pattern: word('zile alese|interval ales'), reason: 'glossary: custom range', use: 'Interval personalizat' },
  { pattern: word('rulează'), reason: 'calque of "runs"', use: 'este activă, se desfășoară' },
  { pattern: word('trimis\\p{L}* mai departe'), reason: 'calque of "sent on"', use: 'redirecționat către' },
  { pattern: word('negăsit\\p{L}*'), reason: 'calque of "Not Found"', use: 'pagina „Link indisponibil”' },
  { pattern: word('sau gol|lasă gol|gol folosește'), reason: 'calque of "blank for"', use: 'lasă câmpul gol pentru…, dacă lași câmpul gol…' },
  { pattern: word('pune scriptul'), reason: 'calque of "put the script"', use: 'Adaugă scriptul' },
  {
    pattern: word('conectat ca|ai fost invitat|vei fi redirecționat|ești aprobat|ești invitat'),
    reason: 'masculine form addressing the user',
    use: 'a gender-neutral form: Contul tău:, Ai primit o invitație, Te redirecționăm, ai aprobare',
  },
  {
    pattern: word('înghețăm|oprim|întrerupem|dezghețați|dezactivați|^trecem'),
    reason: 'the platform speaks to one person as "tu"',
    use: 'Îngheți…?, Oprești…?, Treci…?, dezghețe, dezactivezi',
  },
];

export const bannedEnglish: Banned[] = [{ pattern: /e-mail/iu, reason: 'spelling', use: 'email' }];

// Interpolations ({{name}}) and code samples (<cheie>, </head>, <script src="…">) are not prose; take them out first.
function prose(text: string): string {
  return text.replace(/\{\{[^}]*\}\}/g, '{{x}}').replace(/<\/?[\w-]+(?:\s[^<>]*)?>/g, '');
}

function strings(tree: unknown, prefix = ''): [string, string][] {
  if (typeof tree === 'string') return [[prefix, tree]];
  return Object.entries(tree as Record<string, unknown>).flatMap(([key, value]) =>
    strings(value, prefix ? `${prefix}.${key}` : key),
  );
}

function faults(language: 'ro' | 'en', banned: Banned[]): string[] {
  return Object.entries(resources[language]).flatMap(([namespace, tree]) =>
    strings(tree)
      .flatMap(([key, text]) =>
        banned
          .filter(({ pattern }) => pattern.test(prose(text)))
          .map(({ pattern, reason, use }) => `${language}:${namespace}:${key} "${text}" matches ${pattern} (${reason}); use ${use}`),
      ),
  );
}

describe('wording', () => {
  it('Romanian texts follow the glossary, comma-below letters and „…” quotes', () => {
    expect(faults('ro', bannedRomanian)).toEqual([]);
  });

  it('English texts follow the glossary', () => {
    expect(faults('en', bannedEnglish)).toEqual([]);
  });

  it('the rules catch what they are meant to and leave code samples alone', () => {
    const hits = (text: string) => bannedRomanian.filter(({ pattern }) => pattern.test(prose(text))).length;
    const bad = [
      'Aşteaptă', 'Adresa de e-mail', 'Ai aplicat la „X”.', 'Întrerupt', 'webhookurile', 'Din', 'Eșuat', 'spune "da"',
      'spune “da”', 'Analiză', 'Nesetat', 'o campanie la care te-ai alăturat', 'rolul de gazdă', 'o aplicare',
    ];
    for (const text of bad) {
      expect(hits(text), text).toBeGreaterThan(0);
    }
    const good = [
      'Trimite cheia în antetul „Authorization: Bearer <cheie>”.', 'înainte de </head>', 'Pune <script src="/track.js"></script> în pagină',
      'Campania „{{name}}” a fost salvată.', 'Analize', 'se aplică codul', 'Din {{count}} conversii.', 'Lasă-l gol pentru unul generat',
    ];
    for (const text of good) {
      expect(hits(text), text).toBe(0);
    }
  });
});
