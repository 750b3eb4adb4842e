import { Alert, AlertTitle, Box, Stack } from '@mui/material';
import { CopyButton } from './CopyButton';

/** A secret answered once by the server: the value, a copy button and the warning that it will not be shown again. */
export function SecretReveal({ title, warning, value, testId }: { title: string; warning: string; value: string; testId: string }) {
  return (
    <Alert severity="warning" data-testid={`${testId}-reveal`}>
      <AlertTitle>{title}</AlertTitle>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', my: 1 }}>
        <Box
          component="code"
          data-testid={testId}
          sx={{
            fontFamily: 'monospace',
            fontSize: '0.875rem',
            px: 1,
            py: 0.5,
            borderRadius: 1,
            bgcolor: 'background.paper',
            color: 'text.primary',
            wordBreak: 'break-all',
          }}
        >
          {value}
        </Box>
        <CopyButton value={value} testId={`${testId}-copy`} />
      </Stack>
      {warning}
    </Alert>
  );
}
