import { Box, Card, CardContent, Stack } from '@mui/material';
import { LanguageButtons } from './LanguageButtons';
import { PageMain } from './SkipLink';

/** The narrow card of the pages one reaches signed out (reset, forgot password, confirm, unsubscribe). */
export function AuthCardLayout({ children }: { children: React.ReactNode }) {
  return (
    <PageMain sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'background.default' }}>
      <Card sx={{ width: '100%', maxWidth: 440 }}>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Stack spacing={2.5}>
            <Box sx={{ alignSelf: 'flex-end' }}>
              <LanguageButtons />
            </Box>
            {children}
          </Stack>
        </CardContent>
      </Card>
    </PageMain>
  );
}
