import { lazy } from 'react';
import type { AccountType } from '../api/generated/model';
import { pageFor } from '../shell/pages';
import { SectionNotAvailable } from './SectionNotAvailable';

const SectionPlaceholder = lazy(() => import('./SectionPlaceholder'));

/** The section for a page and account type, from the page registry; sections the type lacks show the not-available message. */
export function SectionContent({ page, accountType }: { page: string; accountType: AccountType }) {
  const entry = pageFor(page, accountType);
  if (!entry || entry.href) return <SectionNotAvailable accountType={accountType} />;
  const Page = entry.component;
  if (!Page) return <SectionPlaceholder title={entry.title} description={entry.description} />;
  return <Page accountType={accountType} />;
}
