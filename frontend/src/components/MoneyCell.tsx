import { TableCell } from '@mui/material';
import type { ReactNode } from 'react';

/** A table cell of amounts or counts: right-aligned, figures of one width, on one line. */
export function MoneyCell({
  children,
  testId,
  className,
  label,
}: {
  children: ReactNode;
  testId?: string;
  className?: string;
  /** The column's name, shown beside the figure when the row is a card (FitTableContainer). */
  label?: string;
}) {
  return (
    <TableCell align="right" className={className} sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }} data-testid={testId} data-label={label}>
      {children}
    </TableCell>
  );
}
