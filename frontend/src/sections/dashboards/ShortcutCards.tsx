import { Card, CardActionArea, CardContent, Grid, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { MenuIcon } from '../../shell/menuIcons';
import type { MenuGroup } from '../../shell/menus';
import { sectionTitleKey } from '../sectionTitles';

/** Cards linking to the sections of the user's menu, optionally filtered by a search text. */
export function ShortcutCards({ groups, query = '' }: { groups: MenuGroup[]; query?: string }) {
  const { t } = useTranslation(['sections', 'nav']);
  const navigate = useNavigate();
  const needle = query.trim().toLocaleLowerCase();
  const items = groups
    .flatMap((group) => group.items)
    .filter((item) => item.page !== 'dashboard' && item.page !== 'docs')
    .map((item) => {
      const key = sectionTitleKey(item.page, item.label);
      return { item, title: t(`nav:${item.label}`), description: t(`sections:descriptions.${key}`) };
    })
    .filter(({ title, description }) => !needle || `${title} ${description}`.toLocaleLowerCase().includes(needle));

  if (items.length === 0) {
    return <Typography color="text.secondary">{t('sections:dashboard.noMatches', { query })}</Typography>;
  }
  return (
    <Grid container spacing={2}>
      {items.map(({ item, title, description }) => (
        <Grid key={item.page} size={{ xs: 12, sm: 6, lg: 4 }}>
          <Card sx={{ height: '100%' }}>
            <CardActionArea
              onClick={() => navigate(`/${item.page}`)}
              sx={{ height: '100%', display: 'flex', alignItems: 'flex-start', justifyContent: 'flex-start' }}
              data-testid={`shortcut-${item.page}`}
            >
              <CardContent>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
                  <MenuIcon name={item.icon} />
                  <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
                    {title}
                  </Typography>
                </Stack>
                <Typography variant="body2" color="text.secondary">
                  {description}
                </Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}
