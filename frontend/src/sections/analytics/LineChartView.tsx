import { LineChart } from '@mui/x-charts/LineChart';
import type { DayFigures } from '../../api/generated/model';
import { formatDayMonth, parseDay } from '../../preferences/format';
import type { ChartMetric } from './figures';

/** The daily line of one metric; loaded on its own, so the charts library stays out of the first page. */
export default function LineChartView({
  days,
  metric,
  label,
  format,
  language,
}: {
  days: DayFigures[];
  metric: ChartMetric;
  label: string;
  format: (value: number) => string;
  language: string;
}) {
  const x = days.map((d) => parseDay(d.day) ?? new Date(d.day));
  // The chart plots positions; the amounts shown beside it stay exact strings.
  const y = days.map((d) => Number(d[metric]));
  return (
    <LineChart
      height={280}
      xAxis={[{ data: x, scaleType: 'time', valueFormatter: (value: Date) => formatDayMonth(value, language) }]}
      yAxis={[{ valueFormatter: (value: number) => format(value), width: 72 }]}
      skipAnimation
      series={[{ data: y, label, curve: 'linear', showMark: days.length <= 31, area: true, valueFormatter: (value) => (value === null ? '' : format(value)) }]}
      grid={{ horizontal: true }}
      hideLegend
    />
  );
}
