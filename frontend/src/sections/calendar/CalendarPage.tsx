import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import {
  Box,
  Button,
  Card,
  CardContent,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import { getContrastRatio, useTheme } from '@mui/material/styles';
import { keepPreviousData } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useListMyCampaigns } from '../../api/generated/campaigns/campaigns';
import type { Campaign } from '../../api/generated/model';
import { QueryStatus } from '../../components/QueryStatus';
import { formatDay, formatMonth, formatWeekday } from '../../preferences/format';
import { MembershipChip } from '../offers/MembershipChip';
import { SectionHeader } from '../SectionHeader';
import { campaignSpan, isoDay, monthWeeks, runsOn, sameDay, sortSpans, spansInWeek, type CampaignSpan } from './calendarGrid';

const MAX_LANES = 4;

/** A lane's colour and the text shown on it: black or white, whichever contrasts more (WCAG AA wants 4.5:1). */
type LaneColor = { fill: string; text: string };

function useLaneColors(): LaneColor[] {
  const { palette } = useTheme();
  return [palette.primary, palette.success, palette.secondary, palette.warning, palette.info, palette.error].map(({ main }) => ({
    fill: main,
    text: getContrastRatio(main, '#fff') >= getContrastRatio(main, '#000') ? '#fff' : '#000',
  }));
}

function dateText(campaign: Campaign, t: TFunction<readonly ['campaigns', 'sections']>, language: string): string {
  const start = formatDay(campaign.start_date, language);
  const end = formatDay(campaign.end_date, language);
  if (start && end) return `${start} – ${end}`;
  if (start) return `${start} – ${t('calendar.openEnded')}`;
  return `… – ${end}`;
}

/** Affiliate 'Campaign Calendar': the campaigns it applied to or joined, laid out on a month grid by their dates. */
export default function CalendarPage() {
  const { t, i18n } = useTranslation(['campaigns', 'sections']);
  const colors = useLaneColors();
  const today = new Date();
  const [month, setMonth] = useState({ year: today.getFullYear(), month: today.getMonth() });
  const weeks = monthWeeks(month.year, month.month);
  // Only the campaigns that run on a day the grid shows (and those without dates, shown below it).
  const campaigns = useListMyCampaigns(
    { from: isoDay(weeks[0][0]), to: isoDay(weeks[weeks.length - 1][6]) },
    { query: { placeholderData: keepPreviousData } },
  );
  const list = useMemo(() => campaigns.data?.data.campaigns ?? [], [campaigns.data]);
  const total = campaigns.data?.data.total ?? 0;
  // A month without campaigns: whether the affiliate has any at all says which message fits.
  const anyAtAll = useListMyCampaigns({ limit: 1 }, { query: { enabled: campaigns.isSuccess && list.length === 0 } });
  const spans = useMemo(
    () => sortSpans(list.map(campaignSpan).filter((span): span is CampaignSpan => span !== null), i18n.language),
    [list, i18n.language],
  );
  const undated = list.filter((campaign) => campaignSpan(campaign) === null);
  const colorOf = (campaign: Campaign) => colors[Math.max(0, list.indexOf(campaign)) % colors.length];
  const monthLabel = formatMonth(new Date(month.year, month.month, 1), i18n.language);
  const shift = (delta: number) =>
    setMonth((current) => {
      const date = new Date(current.year, current.month + delta, 1);
      return { year: date.getFullYear(), month: date.getMonth() };
    });

  return (
    <>
      <SectionHeader title={t('sections:titles.calendar')} subtitle={t('sections:descriptions.calendar')} />
      <QueryStatus loading={campaigns.isPending} error={campaigns.error} onRetry={() => void campaigns.refetch()} />
      {campaigns.isSuccess && (
        <Stack spacing={3}>
          <Card>
            <CardContent>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
                <Tooltip title={t('calendar.previous')}>
                  <IconButton aria-label={t('calendar.previous')} onClick={() => shift(-1)} data-testid="calendar-previous">
                    <ChevronLeftIcon />
                  </IconButton>
                </Tooltip>
                <Typography variant="h6" sx={{ minWidth: 180, textAlign: 'center', textTransform: 'capitalize' }} data-testid="calendar-month">
                  {monthLabel}
                </Typography>
                <Tooltip title={t('calendar.next')}>
                  <IconButton aria-label={t('calendar.next')} onClick={() => shift(1)} data-testid="calendar-next">
                    <ChevronRightIcon />
                  </IconButton>
                </Tooltip>
                <Button size="small" onClick={() => setMonth({ year: today.getFullYear(), month: today.getMonth() })} sx={{ ml: 1 }}>
                  {t('calendar.today')}
                </Button>
              </Stack>
              <Box sx={{ overflowX: 'auto' }}>
                <Box
                  role="grid"
                  aria-label={monthLabel}
                  sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(96px, 1fr))', minWidth: 672, borderTop: 1, borderLeft: 1, borderColor: 'divider' }}
                >
                  {/* Rows of the grid are display: contents, so the cells stay items of the CSS grid. */}
                  <Box role="row" sx={{ display: 'contents' }}>
                  {weeks[0].map((day) => (
                    <Box
                      key={`head-${day.getDay()}`}
                      role="columnheader"
                      sx={{ px: 1, py: 0.5, borderRight: 1, borderBottom: 1, borderColor: 'divider', bgcolor: 'action.hover' }}
                    >
                      <Typography variant="caption" sx={{ fontWeight: 700, textTransform: 'capitalize' }}>
                        {formatWeekday(day, i18n.language)}
                      </Typography>
                    </Box>
                  ))}
                  </Box>
                  {weeks.map((week) => {
                    const lanes = spansInWeek(spans, week);
                    const shown = lanes.slice(0, MAX_LANES);
                    return (
                      <Box key={`week-${week[0].toISOString()}`} role="row" sx={{ display: 'contents' }}>
                      {week.map((day, index) => {
                      const inMonth = day.getMonth() === month.month;
                      const isToday = sameDay(day, today);
                      const hidden = lanes.slice(MAX_LANES).filter((span) => runsOn(span, day)).length;
                      return (
                        <Box
                          key={day.toISOString()}
                          role="gridcell"
                          data-testid="calendar-day"
                          data-day={isoDay(day)}
                          sx={{
                            minHeight: 104,
                            borderRight: 1,
                            borderBottom: 1,
                            borderColor: 'divider',
                            py: 0.5,
                            bgcolor: inMonth ? 'background.paper' : 'action.hover',
                          }}
                        >
                          <Typography
                            variant="caption"
                            sx={{
                              display: 'inline-grid',
                              placeItems: 'center',
                              width: 22,
                              height: 22,
                              ml: 0.5,
                              mb: 0.25,
                              borderRadius: '50%',
                              fontWeight: isToday ? 700 : 400,
                              bgcolor: isToday ? 'primary.main' : 'transparent',
                              color: isToday ? 'primary.contrastText' : inMonth ? 'text.primary' : 'text.secondary',
                            }}
                          >
                            {day.getDate()}
                          </Typography>
                          {shown.map((span) => {
                            const running = runsOn(span, day);
                            const startsHere = running && (sameDay(span.start, day) || index === 0);
                            const endsHere = running && ((span.end && sameDay(span.end, day)) || index === 6);
                            const color = colorOf(span.campaign);
                            const pending = span.campaign.membership_status !== 'approved';
                            return (
                              <Box
                                key={span.campaign.id}
                                title={running ? `${span.campaign.name} · ${dateText(span.campaign, t, i18n.language)}` : undefined}
                                data-testid={running ? 'calendar-bar' : undefined}
                                data-campaign={running ? span.campaign.name : undefined}
                                sx={{
                                  height: 20,
                                  mb: 0.25,
                                  ml: startsHere ? 0.5 : 0,
                                  mr: endsHere ? 0.5 : 0,
                                  px: 0.75,
                                  fontSize: '0.7rem',
                                  lineHeight: '20px',
                                  whiteSpace: 'nowrap',
                                  overflow: 'hidden',
                                  textOverflow: 'ellipsis',
                                  visibility: running ? 'visible' : 'hidden',
                                  color: pending ? color.fill : color.text,
                                  bgcolor: pending ? 'transparent' : color.fill,
                                  border: `1px ${pending ? 'dashed' : 'solid'} ${color.fill}`,
                                  borderLeftWidth: startsHere ? 1 : 0,
                                  borderRightWidth: endsHere ? 1 : 0,
                                  borderRadius: `${startsHere ? 10 : 0}px ${endsHere ? 10 : 0}px ${endsHere ? 10 : 0}px ${startsHere ? 10 : 0}px`,
                                  fontWeight: 600,
                                }}
                              >
                                {startsHere ? span.campaign.name : '\u00a0'}
                              </Box>
                            );
                          })}
                          {hidden > 0 && (
                            <Typography variant="caption" color="text.secondary" sx={{ px: 0.75 }}>
                              {t('calendar.more', { count: hidden })}
                            </Typography>
                          )}
                        </Box>
                      );
                    })}
                      </Box>
                    );
                  })}
                </Box>
              </Box>
              {list.length === 0 && anyAtAll.isSuccess && (
                <Typography color="text.secondary" sx={{ mt: 2 }} data-testid="calendar-empty">
                  {anyAtAll.data.data.total === 0 ? t('calendar.empty') : t('calendar.emptyMonth')}
                </Typography>
              )}
              {total > list.length && (
                <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }} data-testid="calendar-partial">
                  {t('calendar.partial', { shown: list.length, total })}
                </Typography>
              )}
            </CardContent>
          </Card>
          {spans.length > 0 && (
            <Card>
              <CardContent>
                <Typography variant="h6">{t('calendar.legend')}</Typography>
                <List dense>
                  {spans.map(({ campaign }) => (
                    <ListItem key={campaign.id} secondaryAction={campaign.membership_status && <MembershipChip status={campaign.membership_status} />}>
                      <Box sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: colorOf(campaign).fill, mr: 1.5, flexShrink: 0 }} />
                      <ListItemText primary={`${campaign.name} · ${campaign.brand_name}`} secondary={dateText(campaign, t, i18n.language)} />
                    </ListItem>
                  ))}
                </List>
              </CardContent>
            </Card>
          )}
          {undated.length > 0 && (
            <Card data-testid="calendar-undated">
              <CardContent>
                <Typography variant="h6">{t('calendar.noDates')}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {t('calendar.noDatesHelp')}
                </Typography>
                <List dense>
                  {undated.map((campaign) => (
                    <ListItem key={campaign.id} secondaryAction={campaign.membership_status && <MembershipChip status={campaign.membership_status} />}>
                      <ListItemText primary={campaign.name} secondary={campaign.brand_name} />
                    </ListItem>
                  ))}
                </List>
              </CardContent>
            </Card>
          )}
        </Stack>
      )}
    </>
  );
}
