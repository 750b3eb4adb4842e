import { describe, expect, it } from 'vitest';
import type { ActivityEntry } from '../../api/generated/model';
import i18n from '../../i18n/config';
import { resources } from '../../i18n/resources';
import { activityText } from './RecentActivityCard';

const entry = (action: string, entity_type: string, more: Partial<ActivityEntry> = {}): ActivityEntry => ({
  id: 1, action, entity_type, entity_id: 'x', actor: 'Ana Pop', created_at: '2026-11-23T19:30:00Z', ...more,
});

async function texts(language: 'ro' | 'en') {
  await i18n.changeLanguage(language);
  await i18n.loadNamespaces('analytics');
  const t = i18n.getFixedT(language, 'analytics');
  return (e: ActivityEntry) => activityText(e, t);
}

describe('the activity feed', () => {
  it('reads each entry as one Romanian sentence, with the object and the count', async () => {
    const text = await texts('ro');
    expect(text(entry('join', 'campaign', { actor: 'affiliate', object: 'Vara 2026' }))).toBe('Un afiliat s-a înscris în campania „Vara 2026”');
    expect(text(entry('join', 'campaign', { actor: 'affiliate' }))).toBe('Un afiliat s-a înscris într-o campanie');
    expect(text(entry('approved', 'application', { actor: 'brand', object: 'Vara' }))).toBe('Un brand a aprobat o cerere de înscriere în campania „Vara”');
    expect(text(entry('setup', 'brand', { object: 'Acme' }))).toBe('Ana Pop a salvat datele brandului „Acme”');
    expect(text(entry('update_profile', 'user'))).toBe('Ana Pop și-a actualizat profilul');
    expect(text(entry('conversion.recorded', 'conversion', { actor: 'system' }))).toBe('Platforma a înregistrat o conversie');
    expect(text(entry('conversion.reverse', 'conversion', { object: 'A-1001' }))).toBe('Ana Pop a stornat comisionul comenzii „A-1001”');
    const paused = (count: number) => text(entry('emergency.campaigns_paused', 'platform', { actor: 'host', count }));
    expect(paused(0)).toBe('Administratorul platformei a pus pe pauză toate campaniile active: nu era niciuna');
    expect(paused(1)).toBe('Administratorul platformei a pus pe pauză singura campanie activă');
    expect(paused(3)).toBe('Administratorul platformei a pus pe pauză toate cele 3 campanii active');
    expect(paused(25)).toBe('Administratorul platformei a pus pe pauză toate cele 25 de campanii active');
    expect(text(entry('emergency.campaigns_resumed', 'platform', { actor: 'host' }))).toBe('Administratorul platformei a reluat campaniile puse pe pauză de urgență');
    expect(text(entry('payout.created', 'payout', { count: 2 }))).toBe('Ana Pop a creat o plată pentru 2 conversii');
  });

  it('reads each entry as one English sentence', async () => {
    const text = await texts('en');
    expect(text(entry('join', 'campaign', { actor: 'affiliate', object: 'Summer' }))).toBe('An affiliate joined the campaign “Summer”');
    expect(text(entry('rejected', 'application', { actor: 'brand' }))).toBe('A brand rejected an application');
    expect(text(entry('emergency.campaigns_paused', 'platform', { actor: 'host', count: 1 }))).toBe('The host paused the only active campaign');
    expect(text(entry('payout.paid', 'payout', { count: 4 }))).toBe('Ana Pop made a payout for 4 conversions');
  });

  it('shows a generic sentence, never a raw code or key, for an action it does not know', async () => {
    for (const [language, sentence] of [['ro', 'Ana Pop a făcut o modificare'], ['en', 'Ana Pop made a change']] as const) {
      const text = await texts(language);
      expect(text(entry('campaign.archived', 'campaign', { object: 'Vara' }))).toBe(sentence);
      expect(text(entry('create', 'invoice'))).toBe(sentence);
    }
  });

  it('has the actor in every sentence, the object in every named one and the count in every plural with a number, in the glossary\'s spelling', () => {
    for (const language of ['ro', 'en'] as const) {
      for (const [entity, sentences] of Object.entries(resources[language].analytics.activity.sentences)) {
        for (const [key, sentence] of Object.entries(sentences as Record<string, string>)) {
          const where = `${language}:${entity}.${key}`;
          expect(sentence, where).toMatch(/^\{\{actor\}\} /);
          expect(sentence.includes('{{object}}'), where).toBe(key.endsWith('_named'));
          if (/_(few|other)$/.test(key)) expect(sentence, where).toContain('{{count}}');
          expect(sentence, where).not.toMatch(/aplicar|[şţã"]/);
        }
      }
    }
  });
});
