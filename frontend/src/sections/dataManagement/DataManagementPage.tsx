import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import { Button, Card, CardActions, CardContent, Grid, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../api/download';
import { errorMessage } from '../../api/errors';
import { getExportDataUrl, useGetDataSummary } from '../../api/generated/admin/admin';
import type { DataSummaryResponseDataCounts, ExportEntity } from '../../api/generated/model';
import { ExportEntity as ExportEntityValues } from '../../api/generated/model';
import { QueryStatus } from '../../components/QueryStatus';
import { dayKey, formatCount } from '../../preferences/format';
import { useToast } from '../../toasts/ToastProvider';
import { SectionHeader } from '../SectionHeader';

type Counted = keyof DataSummaryResponseDataCounts;

/** The entities counted on the page, each exported as CSV: every one the contract names. */
export const dataEntities: (ExportEntity & Counted)[] = Object.values(ExportEntityValues);

/** Host 'Data Management': how many of each entity the platform holds, and a CSV export per entity. */
export default function DataManagementPage() {
  const { t, i18n } = useTranslation(['admin', 'sections']);
  const toast = useToast();
  const summary = useGetDataSummary();
  const [exporting, setExporting] = useState<ExportEntity | null>(null);
  const counts = summary.data?.data.counts;

  const exportCsv = async (entity: ExportEntity) => {
    setExporting(entity);
    try {
      const name = await downloadFile(getExportDataUrl(entity), `openaffiliate-${entity}-${dayKey(new Date())}.csv`);
      toast({ severity: 'success', message: t('data.exported', { file: name }) });
    } catch (error) {
      toast({ severity: 'error', title: t('toasts.failed'), message: errorMessage(error, t('data.exportFailed')) });
    } finally {
      setExporting(null);
    }
  };

  return (
    <>
      <SectionHeader
        title={t('sections:titles.dataManagement')}
        subtitle={t('sections:descriptions.dataManagement')}
        actions={
          <Button variant="outlined" startIcon={<RefreshIcon />} onClick={() => void summary.refetch()} data-testid="data-refresh">
            {t('refresh')}
          </Button>
        }
      />
      <QueryStatus loading={summary.isPending} error={summary.error} onRetry={() => void summary.refetch()} />
      {counts && (
        <Grid container spacing={2}>
          {dataEntities.map((key) => (
            <Grid key={key} size={{ xs: 12, sm: 6, md: 4 }}>
              <Card sx={{ height: '100%', display: 'flex', flexDirection: 'column' }} data-testid={`data-card-${key}`}>
                <CardContent sx={{ flex: 1 }}>
                  <Typography variant="overline" color="text.secondary">
                    {t(`data.entities.${key}`)}
                  </Typography>
                  <Typography variant="h4" component="p" sx={{ fontVariantNumeric: 'tabular-nums' }} data-testid={`data-count-${key}`}>
                    {formatCount(counts[key], i18n.language)}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t(`data.help.${key}`)}
                  </Typography>
                </CardContent>
                <CardActions sx={{ px: 2, pb: 2 }}>
                  <Button
                    size="small"
                    variant="outlined"
                    startIcon={<DownloadIcon />}
                    disabled={exporting !== null}
                    onClick={() => void exportCsv(key)}
                    data-testid={`data-export-${key}`}
                  >
                    {exporting === key ? t('data.exporting') : t('data.export')}
                  </Button>
                </CardActions>
              </Card>
            </Grid>
          ))}
        </Grid>
      )}
    </>
  );
}
