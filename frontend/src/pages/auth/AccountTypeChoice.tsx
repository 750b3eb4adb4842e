import StorefrontIcon from '@mui/icons-material/StorefrontOutlined';
import CampaignIcon from '@mui/icons-material/CampaignOutlined';
import { FormControl, FormLabel, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { SignupAccountType } from '../../api/generated/model';

/** Brand or Affiliate, the two account types that may sign up themselves. */
export function AccountTypeChoice({
  value,
  onChange,
}: {
  value: SignupAccountType;
  onChange: (value: SignupAccountType) => void;
}) {
  const { t } = useTranslation('auth');
  return (
    <FormControl>
      <FormLabel id="account-type-label" sx={{ mb: 1 }}>
        {t('fields.accountType')}
      </FormLabel>
      <ToggleButtonGroup
        exclusive
        fullWidth
        color="primary"
        aria-labelledby="account-type-label"
        value={value}
        onChange={(_, next: SignupAccountType | null) => {
          if (next) onChange(next);
        }}
      >
        <ToggleButton value="brand" data-testid="account-type-brand" sx={{ gap: 1 }}>
          <StorefrontIcon fontSize="small" />
          {t('fields.brand')}
        </ToggleButton>
        <ToggleButton value="affiliate" data-testid="account-type-affiliate" sx={{ gap: 1 }}>
          <CampaignIcon fontSize="small" />
          {t('fields.affiliate')}
        </ToggleButton>
      </ToggleButtonGroup>
    </FormControl>
  );
}
