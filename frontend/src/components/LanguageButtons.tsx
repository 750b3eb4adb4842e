import { Button, ButtonGroup } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { Language } from '../i18n/config';

const buttonOrder: Language[] = ['en', 'ro'];

/** EN / RO buttons; the choice is kept by the i18n config in localStorage 'language'. */
export function LanguageButtons({ size = 'small' }: { size?: 'small' | 'medium' }) {
  const { t, i18n } = useTranslation();
  return (
    <ButtonGroup size={size} aria-label={t('language.label')}>
      {buttonOrder.map((language) => (
        <Button
          key={language}
          data-testid={`language-${language}`}
          variant={i18n.language === language ? 'contained' : 'outlined'}
          aria-pressed={i18n.language === language}
          onClick={() => void i18n.changeLanguage(language)}
        >
          {t(`language.${language}`)}
        </Button>
      ))}
    </ButtonGroup>
  );
}
