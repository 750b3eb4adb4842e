import { TableCell } from '@mui/material';
import type { ReactNode } from 'react';

/** A table cell of amounts or counts: right-aligned, figures of one width, on one line. */
export function MoneyCell({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }} data-testid={testId}>
      {children}
    </TableCell>
  );
}
