import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import { Button, Chip, CircularProgress, Stack, Tooltip, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { LinkStatus } from '../../api/generated/model';
import { CopyButton } from '../../components/CopyButton';
import { formatCount } from '../../preferences/format';
import { linkStatusChip } from './linkDisplay';

/** A link's state: Active, Paused or Archived. */
export function LinkStatusChip({ status }: { status: LinkStatus }) {
  const { t } = useTranslation('tracking');
  const chip = linkStatusChip(status);
  return (
    <Chip
      size="small"
      variant={status === 'active' ? 'filled' : 'outlined'}
      color={chip.color}
      label={t(chip.labelKey)}
      data-testid="link-status"
      data-status={status}
    />
  );
}

/**
 * Stored clicks, right-aligned in the language's digit grouping. Visits from bots and link
 * previews (recorded, not counted) show beneath as "+2 bots", short enough to keep the table's
 * width; hovering or focusing it says what they are and why they are not counted.
 */
export function ClickCount({ count, bots }: { count: number; bots: number }) {
  const { t, i18n } = useTranslation('tracking');
  const formatted = formatCount(bots, i18n.language);
  const summary = t('botClicks.summary', { count: bots, formatted });
  return (
    <Stack sx={{ alignItems: 'flex-end' }}>
      <Typography component="span" variant="body2" data-testid="link-clicks" data-count={count} sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}>
        {formatCount(count, i18n.language)}
      </Typography>
      {bots > 0 && (
        <Tooltip
          describeChild
          title={
            <>
              <strong>{summary}</strong> {t('botClicks.help')}
            </>
          }
        >
          <Typography
            component="span"
            variant="caption"
            tabIndex={0}
            role="note"
            aria-label={summary}
            data-testid="link-bot-clicks"
            data-count={bots}
            sx={{ color: 'text.secondary', display: 'inline-flex', alignItems: 'center', gap: 0.25, whiteSpace: 'nowrap', cursor: 'help' }}
          >
            {t('botClicks.label', { count: bots, formatted })}
            <InfoOutlinedIcon sx={{ fontSize: '0.875rem' }} aria-hidden />
          </Typography>
        </Tooltip>
      )}
    </Stack>
  );
}

/** A monospace address (or short code), shown whole, with its copy button; `wrap` lets a long one break. */
export function CopyableCode({ value, shown, testId, wrap = false }: { value: string; shown?: string; testId: string; wrap?: boolean }) {
  const { t } = useTranslation('tracking');
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', minWidth: 0 }}>
      <Typography
        component="code"
        data-testid={testId}
        title={value}
        sx={{ fontFamily: 'monospace', fontSize: '0.8125rem', fontWeight: 600, ...(wrap ? { wordBreak: 'break-all' } : { whiteSpace: 'nowrap' }) }}
      >
        {shown ?? value}
      </Typography>
      <CopyButton value={value} testId={`${testId}-copy`} label={t('actions.copyUrl')} />
    </Stack>
  );
}

/** A destination cut to one line; the whole address shows on hover. */
export function Destination({ url, maxWidth = 220 }: { url: string; maxWidth?: number }) {
  return (
    <Typography
      variant="body2"
      title={url}
      data-testid="link-destination"
      sx={{ maxWidth, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', color: 'text.secondary' }}
    >
      {url}
    </Typography>
  );
}

/** Refetches a list; clicks are stored a moment after the visit, so counts can lag a second. */
export function RefreshButton({ busy, onClick }: { busy: boolean; onClick: () => void }) {
  const { t } = useTranslation('tracking');
  return (
    <Button
      variant="outlined"
      onClick={onClick}
      disabled={busy}
      startIcon={busy ? <CircularProgress size={16} /> : <RefreshIcon />}
      data-testid="links-refresh"
    >
      {t('actions.refresh')}
    </Button>
  );
}
