import SearchIcon from '@mui/icons-material/Search';
import { InputAdornment, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CurrencySelect } from '../../components/CurrencySelect';
import { useDebounced } from '../../components/useDebounced';
import { menuFor } from '../../shell/menus';
import { SectionHeader } from '../SectionHeader';
import { PlatformSearchResults } from './PlatformSearchResults';
import { EmergencyCard } from './EmergencyCard';
import { RatesCard } from './RatesCard';
import { ShortcutCards } from './ShortcutCards';

export default function HostDashboard() {
  const { t } = useTranslation('sections');
  const [query, setQuery] = useState('');
  const settled = useDebounced(query.trim());
  const searching = query.trim() !== '';
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
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              slotProps={{
                htmlInput: { 'aria-label': t('dashboard.search'), 'data-testid': 'platform-search' },
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
        {searching && <PlatformSearchResults query={settled} />}
        {!searching && <RatesCard editable />}
        {!searching && <EmergencyCard />}
        <ShortcutCards groups={menuFor('host')} query={query} showEmpty={!searching} />
      </Stack>
    </>
  );
}
