import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Paper, Text } from '@mantine/core';
import type { ReportChart as Chart } from '@tms/domain';
import { useTranslation } from 'react-i18next';
import { formatDecimal, formatMonth } from '../../platform/format';

/** A month category (`2026-03`) as people read it (03.2026); any other category as it is. */
const monthText = (value: string) => (/^\d{4}-\d{2}$/.test(value) ? formatMonth(`${value}-01`) : value);

import { waterfallBars } from './logic';
import { useColumnLabel } from './ReportTable';

/** Colours of the series in order: buckets go from calm to alarming; figures read apart. */
const COLORS: Record<Chart['kind'], string[]> = {
  stacked: [
    'teal.6',
    'yellow.5',
    'orange.5',
    'orange.8',
    'red.7',
    'red.9',
    'grape.8',
    'dark.5',
    'dark.7',
    'dark.9',
  ],
  grouped: ['blue.6', 'gray.5', 'teal.6', 'grape.6', 'orange.6'],
  waterfall: ['transparent', 'teal.6', 'red.6', 'blue.6'],
};

const WATERFALL_SERIES = ['base', 'rise', 'fall', 'total'] as const;

/** A waterfall (marginal income: revenue → variable costs → MI → overhead → result), each bar labelled. */
function Waterfall({ chart, title }: { chart: Chart; title: string }) {
  const { t, i18n } = useTranslation('reports');
  const format = (value: number) => formatDecimal(Math.round(value), i18n.language);
  const data = waterfallBars(chart.data).map((bar) => ({ ...bar, category: String(t(bar.category)) }));
  // Each step's figure under its name: value labels of stacked series would pile up on one another.
  const figures = new Map(chart.data.map((step) => [String(t(String(step.category))), Number(step.value)]));
  const tick = ({
    x,
    y,
    payload,
  }: {
    x: number | string;
    y: number | string;
    payload: { value: unknown };
  }) => (
    <g transform={`translate(${x},${y})`}>
      <text textAnchor="middle" dy={14} fontSize={12} fill="var(--mantine-color-dimmed)">
        {String(payload.value)}
      </text>
      <text textAnchor="middle" dy={32} fontSize={13} fontWeight={600} fill="var(--mantine-color-text)">
        {format(figures.get(String(payload.value)) ?? 0)}
      </text>
    </g>
  );
  return (
    <Paper withBorder p="md" radius="md" data-testid="report-chart">
      <Text fw={600} size="sm" mb="sm">
        {title}
      </Text>
      <BarChart
        h={320}
        data={data}
        dataKey="category"
        type="stacked"
        series={WATERFALL_SERIES.map((name, index) => ({ name, color: COLORS.waterfall[index]! }))}
        withTooltip={false}
        valueFormatter={format}
        gridAxis="y"
        xAxisProps={{ tick, height: 44, interval: 0 }}
        yAxisProps={{ width: 90, allowDecimals: false }}
        maxBarWidth={72}
      />
    </Paper>
  );
}

/** A report's chart: bars per category (a client, a month), stacked or side by side, or a waterfall, in base. */
export function ReportChart({ chart, title }: { chart: Chart; title: string }) {
  if (chart.kind === 'waterfall') return <Waterfall chart={chart} title={title} />;
  return <Bars chart={chart} title={title} />;
}

function Bars({ chart: given, title }: { chart: Chart; title: string }) {
  const { t, i18n } = useTranslation('reports');
  const label = useColumnLabel();
  // A category may be a text key (VAT 0 %'s days-left bands) rather than a name or a month.
  const chart = {
    ...given,
    data: given.data.map((row) =>
      String(row.category).startsWith('reports:')
        ? { ...row, category: String(t(String(row.category))) }
        : row,
    ),
  };
  const longest = Math.max(...chart.data.map((row) => String(row.category).length));
  const vertical = chart.kind === 'stacked';
  return (
    <Paper withBorder p="md" radius="md" data-testid="report-chart">
      <Text fw={600} size="sm" mb="sm">
        {title}
      </Text>
      <BarChart
        h={vertical ? Math.max(180, chart.data.length * 34 + 60) : 280}
        data={chart.data}
        dataKey="category"
        type={chart.kind === 'stacked' ? 'stacked' : 'default'}
        orientation={vertical ? 'vertical' : 'horizontal'}
        series={chart.series.map((series, index) => ({
          name: series.key,
          label: label(series),
          color: COLORS[chart.kind][index % COLORS[chart.kind].length]!,
        }))}
        valueFormatter={(value) => formatDecimal(Math.round(value), i18n.language)}
        withLegend
        legendProps={{ verticalAlign: 'bottom' }}
        gridAxis={vertical ? 'x' : 'y'}
        // Whole ticks on the value axis: a count of clients has no halves, money no kopecks at this scale.
        yAxisProps={
          vertical ? { width: Math.min(220, longest * 7 + 16) } : { width: 90, allowDecimals: false }
        }
        xAxisProps={
          vertical ? { allowDecimals: false } : { tickFormatter: (value: string) => monthText(value) }
        }
        maxBarWidth={48}
      />
    </Paper>
  );
}
