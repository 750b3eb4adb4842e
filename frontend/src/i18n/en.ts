// The en texts, one chunk: config.ts imports it only when en is the active language.
import account from '../locales/en/account.json';
import admin from '../locales/en/admin.json';
import analytics from '../locales/en/analytics.json';
import affiliates from '../locales/en/affiliates.json';
import auth from '../locales/en/auth.json';
import campaigns from '../locales/en/campaigns.json';
import common from '../locales/en/common.json';
import conversions from '../locales/en/conversions.json';
import discountCodes from '../locales/en/discountCodes.json';
import earnings from '../locales/en/earnings.json';
import errors from '../locales/en/errors.json';
import nav from '../locales/en/nav.json';
import notifications from '../locales/en/notifications.json';
import payouts from '../locales/en/payouts.json';
import sections from '../locales/en/sections.json';
import tracking from '../locales/en/tracking.json';

const texts = { common, auth, errors, nav, sections, campaigns, admin, affiliates, account, tracking, discountCodes, conversions, earnings, payouts, notifications, analytics };
export default texts;
