import { Box } from '@mui/material';
import type { ReactNode } from 'react';

/** Text for screen readers only: read aloud, not shown (a table's actions column, a dash's meaning). */
export function VisuallyHidden({ children }: { children: ReactNode }) {
  return (
    <Box
      component="span"
      sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' }}
    >
      {children}
    </Box>
  );
}
