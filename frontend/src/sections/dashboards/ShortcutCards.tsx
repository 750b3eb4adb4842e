import { Card, CardActionArea, CardContent, Grid, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { MenuGroup } from '../../shell/menus';

/** 'Shortcuts': cards linking to the sections of the user's menu, optionally filtered by a search text. */
export function ShortcutCards({ groups, query = '', showEmpty = true }: { groups: MenuGroup[]; query?: string; showEmpty?: boolean }) {
  const { t } = useTranslation(['sections', 'nav']);
  const navigate = useNavigate();
  const needle = query.trim().toLocaleLowerCase();
  const items = groups
    .flatMap((group) => group.items)
    .filter((item) => item.page !== 'dashboard' && !item.href)
    .map((item) => ({
      item,
      title: t(`nav:${item.label}`),
      description: item.description ? t(`sections:${item.description}`) : '',
    }))
    .filter(({ title, description }) => !needle || `${title} ${description}`.toLocaleLowerCase().includes(needle));

  if (items.length === 0 && !showEmpty) return null;
  return (
    <Stack spacing={2} component="section" aria-labelledby="shortcuts-heading">
      <Typography variant="h6" id="shortcuts-heading">
        {t('sections:dashboard.shortcuts')}
      </Typography>
      {items.length === 0 ? (
        <Typography color="text.secondary">{t('sections:dashboard.noMatches', { query })}</Typography>
      ) : (
        <Grid container spacing={2}>
          {items.map(({ item, title, description }) => {
            const Icon = item.icon;
            return (
              <Grid key={item.page} size={{ xs: 12, sm: 6, lg: 4 }}>
                <Card sx={{ height: '100%' }}>
                  <CardActionArea
                    onClick={() => navigate(`/${item.page}`)}
                    sx={{ height: '100%', display: 'flex', alignItems: 'flex-start', justifyContent: 'flex-start' }}
                    data-testid={`shortcut-${item.page}`}
                  >
                    <CardContent>
                      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
                        <Icon fontSize="small" />
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
            );
          })}
        </Grid>
      )}
    </Stack>
  );
}
