import { Box, Chip, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Campaign, DiscountCode } from '../../api/generated/model';
import { CopyButton } from '../../components/CopyButton';
import { FitTableContainer, lessImportant } from '../../components/FitTable';
import { formatAmount } from '../../preferences/format';
import { commissionOverrideText, discountStatusColor, discountValueText, usageText, validityDays } from './discountCodeText';

/** A column of the table, named by its heading's key (columns.*). */
type Column = 'code' | 'affiliate' | 'brand' | 'campaign' | 'discount' | 'usage' | 'validity' | 'status' | 'actions';

/** The codes as a table: to a brand with the affiliate of each code, to an affiliate with its brand. */
export function DiscountCodeTable({
  codes,
  viewer,
  campaignsById,
  actions,
}: {
  codes: DiscountCode[];
  viewer: 'brand' | 'affiliate';
  campaignsById: Map<string, Campaign>;
  actions?: (code: DiscountCode) => ReactNode;
}) {
  const { t } = useTranslation('discountCodes');
  const columns: Column[] = [
    'code',
    viewer === 'brand' ? 'affiliate' : 'brand',
    'campaign',
    'discount',
    'usage',
    'validity',
    'status',
  ];
  return (
    <FitTableContainer cards>
      <Table size="small" data-testid="discount-codes-table">
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column} className={lessColumns.has(column) ? lessImportant : undefined}>
                {t(`columns.${column}`)}
              </TableCell>
            ))}
            {actions && <TableCell align="right">{t('columns.actions')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {codes.map((code) => (
            <CodeRow key={code.id} code={code} viewer={viewer} campaign={campaignsById.get(code.campaign_id)} actions={actions} />
          ))}
        </TableBody>
      </Table>
    </FitTableContainer>
  );
}

/** What gives way in a narrow box: the campaign (its name is on the code's page) and the dates. */
const lessColumns = new Set(['campaign', 'validity']);

const nameCell = { minWidth: 100, overflowWrap: 'anywhere' } as const;

function CodeRow({
  code,
  viewer,
  campaign,
  actions,
}: {
  code: DiscountCode;
  viewer: 'brand' | 'affiliate';
  campaign?: Campaign;
  actions?: (code: DiscountCode) => ReactNode;
}) {
  const { t, i18n } = useTranslation('discountCodes');
  const currency = campaign?.currency ?? 'RON';
  const validity = validityDays(code, i18n.language);
  const value = discountValueText(code, currency, i18n.language);
  const muted = { variant: 'caption', color: 'text.secondary', component: 'div' } as const;
  const label = (column: Column) => ({ 'data-label': t(`columns.${column}`) });

  return (
    <TableRow hover data-testid="discount-code-row" data-code={code.code}>
      <TableCell {...label('code')}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <Typography
            variant="body2"
            sx={{ fontFamily: 'monospace', fontWeight: 700, letterSpacing: 0.5 }}
            data-testid="discount-code-code"
          >
            {code.code}
          </Typography>
          <CopyButton value={code.code} testId="discount-code-copy" label={t('list.copy')} />
        </Box>
        {code.description && (
          <Typography {...muted} sx={{ maxWidth: 160, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={code.description}>
            {code.description}
          </Typography>
        )}
      </TableCell>
      {/* Long names may break anywhere, so the table fits beside the menu. */}
      <TableCell sx={nameCell} {...label(viewer === 'brand' ? 'affiliate' : 'brand')}>
        {viewer === 'brand' ? code.affiliate_name : code.brand_name}
      </TableCell>
      <TableCell sx={nameCell} className={lessImportant} {...label('campaign')}>
        {code.campaign_name}
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }} {...label('discount')}>
        <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="discount-code-value">
          {value || t(`type.${code.discount_type}`)}
        </Typography>
        {value && (
          <Typography {...muted} data-testid="discount-code-type">
            {t(`type.${code.discount_type}`)}
          </Typography>
        )}
        {code.minimum_order_amount && (
          <Typography {...muted} data-testid="discount-code-minimum">
            {t('list.minimumOrder', { amount: formatAmount(code.minimum_order_amount, currency) })}
          </Typography>
        )}
        {code.commission_override && campaign && (
          <Typography {...muted} data-testid="discount-code-commission">
            {t('list.commission', {
              commission: commissionOverrideText(code.commission_override, campaign.commission_type, currency, i18n.language),
            })}
          </Typography>
        )}
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }} {...label('usage')}>
        <span data-testid="discount-code-usage">{usageText(code)}</span>
        {code.usage_limit_per_customer !== null && (
          <Typography {...muted}>{t('list.perCustomer', { limit: code.usage_limit_per_customer })}</Typography>
        )}
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }} className={lessImportant} data-testid="discount-code-validity" {...label('validity')}>
        {validity.from && <div>{t('validity.from', { date: validity.from })}</div>}
        {validity.until && <div>{t('validity.until', { date: validity.until })}</div>}
        {!validity.from && !validity.until && t('validity.always')}
      </TableCell>
      <TableCell {...label('status')}>
        <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
          <Chip
            size="small"
            color={discountStatusColor[code.status]}
            label={t(`status.${code.status}`)}
            data-testid="discount-code-status"
            data-status={code.status}
          />
          <Chip
            size="small"
            variant="outlined"
            label={t(code.is_exclusive ? 'audience.exclusive' : 'audience.public')}
            title={t(code.is_exclusive ? 'help.exclusive' : 'help.public')}
            data-testid="discount-code-audience"
          />
        </Stack>
      </TableCell>
      {actions && (
        <TableCell align="right" sx={{ whiteSpace: 'nowrap' }} {...label('actions')}>
          {actions(code)}
        </TableCell>
      )}
    </TableRow>
  );
}
