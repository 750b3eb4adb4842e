import { Card, CardContent, Skeleton, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FitTableContainer } from '../../components/FitTable';
import { MoneyCell } from '../../components/MoneyCell';
import { hasFailed, QueryStatus, type QueryState } from '../../components/QueryStatus';
import { formatAmount, formatCount } from '../../preferences/format';

export interface FiguresRow {
  id: string;
  name: ReactNode;
  detail?: string;
  clicks: number;
  conversions: number;
  revenue: string;
  commission: string;
}

/** Rows shaped like a list while it loads. */
export function RowsSkeleton({ rows = 3, columns = 5 }: { rows?: number; columns?: number }) {
  return (
    <>
      {Array.from({ length: rows }, (_, r) => (
        <TableRow key={r} data-testid="row-loading">
          {Array.from({ length: columns }, (_, c) => (
            <TableCell key={c}>
              <Skeleton />
            </TableCell>
          ))}
        </TableRow>
      ))}
    </>
  );
}

/** A card with a ranked table of names and their figures (top campaigns, top affiliates). */
export function FiguresTable({
  title,
  nameLabel,
  detailLabel,
  rows,
  currency,
  empty,
  loading,
  status,
  testId,
}: {
  title: string;
  nameLabel: string;
  detailLabel?: string;
  rows: FiguresRow[] | undefined;
  currency: string;
  empty: string;
  loading: boolean;
  /** The query of `rows`: once it failed, its reason shows in place of the skeleton rows. */
  status?: QueryState;
  testId: string;
}) {
  const { t, i18n } = useTranslation('analytics');
  const columns = detailLabel ? 6 : 5;
  return (
    <Card data-testid={testId} sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        <FitTableContainer tabIndex={0} role="region" aria-label={title}>
          {/* A plain table, not a ServerGrid: a ranking of at most ten rows (the contract's top 10), never paged. */}
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{nameLabel}</TableCell>
                {detailLabel && <TableCell>{detailLabel}</TableCell>}
                <TableCell align="right">{t('metrics.clicks')}</TableCell>
                <TableCell align="right">{t('metrics.conversions')}</TableCell>
                <TableCell align="right">{t('metrics.revenue')}</TableCell>
                <TableCell align="right">{t('metrics.commission')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {!rows && hasFailed(status) ? (
                <TableRow>
                  <TableCell colSpan={columns}>
                    <QueryStatus loading={false} error={status.error} onRetry={() => void status.refetch()} />
                  </TableCell>
                </TableRow>
              ) : loading || !rows ? (
                <RowsSkeleton columns={columns} />
              ) : rows.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={columns}>
                    <Typography color="text.secondary">{empty}</Typography>
                  </TableCell>
                </TableRow>
              ) : (
                rows.map((row) => (
                  <TableRow key={row.id} data-testid={`${testId}-row`}>
                    <TableCell>{row.name}</TableCell>
                    {detailLabel && <TableCell>{row.detail}</TableCell>}
                    <MoneyCell>{formatCount(row.clicks, i18n.language)}</MoneyCell>
                    <MoneyCell>{formatCount(row.conversions, i18n.language)}</MoneyCell>
                    <MoneyCell>{formatAmount(row.revenue, currency)}</MoneyCell>
                    <MoneyCell>{formatAmount(row.commission, currency)}</MoneyCell>
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        </FitTableContainer>
      </CardContent>
    </Card>
  );
}
