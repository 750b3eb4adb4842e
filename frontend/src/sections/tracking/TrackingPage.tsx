import type { AccountType } from '../../api/generated/model';
import AffiliateLinksPage from './AffiliateLinksPage';
import BrandTrackingPage from './BrandTrackingPage';

/** /tracking: the brand's 'Tracking Links', the affiliate's 'My Links'. */
export default function TrackingPage({ accountType }: { accountType: AccountType }) {
  return accountType === 'affiliate' ? <AffiliateLinksPage /> : <BrandTrackingPage />;
}
