import { Box, Link, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { PageMain } from '../components/SkipLink';

/** Any path no route claims. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <PageMain sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', textAlign: 'center', p: 2 }}>
      <Box>
        <Typography variant="h2" component="h1" sx={{ fontWeight: 800 }}>
          {t('notFound.title')}
        </Typography>
        <Typography variant="h6" color="text.secondary" sx={{ mb: 2 }} data-testid="not-found">
          {t('notFound.message')}
        </Typography>
        <Link component={RouterLink} to="/">
          {t('notFound.home')}
        </Link>
      </Box>
    </PageMain>
  );
}
