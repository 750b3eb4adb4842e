import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import { Box, Button, Card, CardActions, CardContent, Grid, LinearProgress, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile, type DownloadProgress } from '../../api/download';
import { errorMessage } from '../../api/errors';
import type { AccountType, ConversionStatus } from '../../api/generated/model';
import { ConversionStatus as statuses } from '../../api/generated/model';
import { getExportPayoutsUrl } from '../../api/generated/payouts/payouts';
import { getReportClicksUrl, getReportConversionsUrl } from '../../api/generated/reports/reports';
import { useToast } from '../../toasts/ToastProvider';
import { formatBytes, formatCount } from '../../preferences/format';
import { SectionHeader } from '../SectionHeader';
import { presetDays, rangeProblem, reportPresets, utcDay, type ReportRange } from './reportRange';

type Done = { name: string; rows: number; bytes: number };

/** One report: what it holds, its own filters, and a download that shows what has arrived so far. */
function ReportCard({ id, title, description, disabled, url, children }: {
  id: string;
  title: string;
  description: string;
  disabled: boolean;
  url: () => string;
  children?: ReactNode;
}) {
  const { t, i18n } = useTranslation('analytics');
  const toast = useToast();
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const [done, setDone] = useState<Done | null>(null);
  const rows = (p: DownloadProgress) => Math.max(p.lines - 1, 0);
  const download = async () => {
    setDone(null);
    setProgress({ bytes: 0, lines: 0 });
    let last: DownloadProgress = { bytes: 0, lines: 0 };
    try {
      const name = await downloadFile(url(), `openaffiliate-${id}.csv`, (p) => {
        last = p;
        setProgress(p);
      });
      setDone({ name, rows: rows(last), bytes: last.bytes });
      toast({ severity: 'success', message: t('reports.downloaded', { file: name }) });
    } catch (error) {
      toast({ severity: 'error', title: t('reports.failedTitle'), message: errorMessage(error, t('reports.failed')) });
    } finally {
      setProgress(null);
    }
  };
  const count = (n: number) => formatCount(n, i18n.language);
  return (
    <Card sx={{ height: '100%', display: 'flex', flexDirection: 'column' }} data-testid={`report-${id}`}>
      <CardContent sx={{ flex: 1 }}>
        <Typography variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: children ? 2 : 0 }}>
          {description}
        </Typography>
        {children}
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, flexDirection: 'column', alignItems: 'stretch', gap: 1 }}>
        <Button
          variant="contained"
          startIcon={<DownloadIcon />}
          disabled={disabled || progress !== null}
          onClick={() => void download()}
          data-testid={`report-${id}-download`}
          sx={{ alignSelf: 'flex-start' }}
        >
          {progress ? t('reports.downloading') : t('reports.download')}
        </Button>
        {progress && <LinearProgress aria-label={t('reports.progressLabel', { report: title })} />}
        <Typography variant="body2" color="text.secondary" role="status" data-testid={`report-${id}-status`}>
          {progress
            ? t('reports.received', { rows: count(rows(progress)), size: formatBytes(progress.bytes, i18n.language) })
            : done
              ? t('reports.saved', { file: done.name, rows: count(done.rows), size: formatBytes(done.bytes, i18n.language) })
              : ''}
        </Typography>
      </CardActions>
    </Card>
  );
}

/** The reports page: one period (a preset, or days typed in, which makes it a chosen one), and CSV downloads of conversions, clicks per link and day, and payouts. */
export default function ReportsPage({ accountType }: { accountType: AccountType }) {
  const { t } = useTranslation(['analytics', 'conversions']);
  const today = utcDay(new Date());
  const [range, setRange] = useState<ReportRange>(() => ({ preset: '30d', ...presetDays('30d', new Date()) }));
  const [status, setStatus] = useState<ConversionStatus | 'all'>('all');
  const problem = rangeProblem(range);
  const days = range.preset === 'custom' ? { from: range.from, to: range.to } : presetDays(range.preset, new Date());
  const choose = (preset: ReportRange['preset']) =>
    setRange((prev) => (preset === 'custom' ? { ...prev, preset } : { preset, ...presetDays(preset, new Date()) }));
  return (
    <>
      <SectionHeader title={t('reports.title')} subtitle={t(`reports.subtitle.${accountType}`)} />
      <Stack spacing={3}>
        <Card>
          <CardContent>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
              <TextField
                select
                size="small"
                label={t('range.label')}
                value={range.preset}
                onChange={(event) => choose(event.target.value as ReportRange['preset'])}
                sx={{ minWidth: 190 }}
                slotProps={{ select: { inputProps: { 'data-testid': 'reports-range' } } }}
              >
                {reportPresets.map((p) => (
                  <MenuItem key={p} value={p}>
                    {p === 'custom' ? t('reports.range.custom') : t(`range.${p}`)}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                type="date"
                size="small"
                label={t('reports.range.from')}
                value={days.from}
                onChange={(event) => setRange({ ...days, preset: 'custom', from: event.target.value })}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today, 'data-testid': 'reports-from' } }}
              />
              <TextField
                type="date"
                size="small"
                label={t('reports.range.to')}
                value={days.to}
                onChange={(event) => setRange({ ...days, preset: 'custom', to: event.target.value })}
                error={problem !== null}
                helperText={problem ? t(problem) : t('reports.range.utc')}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today, 'data-testid': 'reports-to' } }}
              />
            </Stack>
          </CardContent>
        </Card>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 4 }}>
            <ReportCard
              id="conversions"
              title={t('reports.conversions.title')}
              description={t(`reports.conversions.description.${accountType}`)}
              disabled={problem !== null}
              url={() => getReportConversionsUrl({ ...days, ...(status === 'all' ? {} : { status }) })}
            >
              <TextField
                select
                fullWidth
                size="small"
                label={t('conversions:filters.status')}
                value={status}
                onChange={(event) => setStatus(event.target.value as ConversionStatus | 'all')}
                slotProps={{ select: { inputProps: { 'data-testid': 'reports-conversion-status' } } }}
              >
                <MenuItem value="all">{t('conversions:filters.anyStatus')}</MenuItem>
                {Object.values(statuses).map((s) => (
                  <MenuItem key={s} value={s}>
                    {t(`conversions:statuses.${s}`)}
                  </MenuItem>
                ))}
              </TextField>
            </ReportCard>
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <ReportCard
              id="clicks"
              title={t('reports.clicks.title')}
              description={t('reports.clicks.description')}
              disabled={problem !== null}
              url={() => getReportClicksUrl(days)}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <ReportCard
              id="payouts"
              title={t('reports.payouts.title')}
              description={t(`reports.payouts.description.${accountType}`)}
              disabled={problem !== null}
              url={() => getExportPayoutsUrl(days)}
            />
          </Grid>
        </Grid>
        <Box>
          <Typography variant="body2" color="text.secondary">
            {t('reports.note')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('reports.machineFormat')}
          </Typography>
        </Box>
      </Stack>
    </>
  );
}
