import SearchIcon from '@mui/icons-material/Search';
import { InputAdornment, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CurrencySelect } from '../../components/CurrencySelect';
import { menuFor } from '../../shell/menus';
import { SectionHeader } from '../SectionHeader';
import { RatesCard } from './RatesCard';
import { ShortcutCards } from './ShortcutCards';

export default function HostDashboard() {
  const { t } = useTranslation('sections');
  const [query, setQuery] = useState('');
  return (
    <>
      <SectionHeader
        title={t('dashboard.hostTitle')}
        subtitle={t('dashboard.hostSubtitle')}
        actions={
          <Stack direction="row" spacing={1}>
            <TextField
              size="small"
              type="search"
              placeholder={t('dashboard.search')}
              aria-label={t('dashboard.search')}
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              slotProps={{
                input: {
                  startAdornment: (
                    <InputAdornment position="start">
                      <SearchIcon fontSize="small" />
                    </InputAdornment>
                  ),
                },
              }}
            />
            <CurrencySelect testId="dashboard-currency-select" />
          </Stack>
        }
      />
      <Stack spacing={3}>
        <RatesCard />
        <Typography variant="h6">{t('dashboard.shortcuts')}</Typography>
        <ShortcutCards groups={menuFor('host')} query={query} />
      </Stack>
    </>
  );
}
