import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { usePageHeadingFocus } from '../shell/headingFocus';

/** A section's title, subtitle and optional controls on the right. */
export function SectionHeader({ title, subtitle, actions }: { title: string; subtitle?: string; actions?: ReactNode }) {
  const headingRef = usePageHeadingFocus<HTMLHeadingElement>();
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: { sm: 'center' }, flexDirection: { xs: 'column', sm: 'row' }, mb: 3 }}>
      <Box sx={{ flex: 1 }}>
        <Typography variant="h4" component="h1" ref={headingRef} tabIndex={-1} data-testid="section-title">
          {title}
        </Typography>
        {subtitle && (
          <Typography color="text.secondary" data-testid="section-subtitle">
            {subtitle}
          </Typography>
        )}
      </Box>
      {actions}
    </Box>
  );
}
