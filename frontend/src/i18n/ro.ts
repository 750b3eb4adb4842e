// The ro texts, one chunk: config.ts imports it only when ro is the active language.
import account from '../locales/ro/account.json';
import admin from '../locales/ro/admin.json';
import analytics from '../locales/ro/analytics.json';
import affiliates from '../locales/ro/affiliates.json';
import auth from '../locales/ro/auth.json';
import campaigns from '../locales/ro/campaigns.json';
import common from '../locales/ro/common.json';
import conversions from '../locales/ro/conversions.json';
import discountCodes from '../locales/ro/discountCodes.json';
import earnings from '../locales/ro/earnings.json';
import errors from '../locales/ro/errors.json';
import nav from '../locales/ro/nav.json';
import notifications from '../locales/ro/notifications.json';
import payouts from '../locales/ro/payouts.json';
import sections from '../locales/ro/sections.json';
import tracking from '../locales/ro/tracking.json';

const texts = { common, auth, errors, nav, sections, campaigns, admin, affiliates, account, tracking, discountCodes, conversions, earnings, payouts, notifications, analytics };
export default texts;
