import { Box, Stack } from '@mui/material';
import { CopyButton } from './CopyButton';

/** A snippet to copy, wrapped rather than scrolled (a scrolled region would need the keyboard). */
export function CodeSnippet({ code, testId }: { code: string; testId: string }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', my: 1 }}>
      <Box
        component="pre"
        data-testid={testId}
        sx={{
          flex: 1,
          m: 0,
          p: 1.5,
          borderRadius: 1,
          bgcolor: 'action.hover',
          fontSize: '0.8125rem',
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
        }}
      >
        {code}
      </Box>
      <CopyButton value={code} testId={`${testId}-copy`} />
    </Stack>
  );
}
