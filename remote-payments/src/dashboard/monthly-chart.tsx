import type { DashboardSummary } from '@admin/shared/contract';
import { formatKd } from '@admin/shared/money';
import { Box, HStack, Text, VisuallyHidden } from '@admin/shared/ui';

const MONTH = new Intl.DateTimeFormat('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const SHORT_MONTH = new Intl.DateTimeFormat('en-GB', { month: 'short', timeZone: 'UTC' });

const dayOf = (month: string) => new Date(`${month}-01T00:00:00.000Z`);

/** '2026-11' -> 'Nov 2026'. */
export function monthLabel(month: string): string {
  return MONTH.format(dayOf(month));
}

/** Whole KD for the axis ('12 KD'); each bar's title and the table show exact amounts. */
const axisKd = (fils: number) => `${Math.round(fils / 1000).toLocaleString('en-US')} KD`;

/** A round top for the axis: 1, 2 or 5 times a power of ten, at least the largest bar. */
export function axisTop(fils: number): number {
  if (fils <= 0) return 1000;
  const power = 10 ** Math.floor(Math.log10(fils));
  return [1, 2, 5, 10].map((step) => step * power).find((top) => top >= fils)!;
}

const SERIES = [
  { key: 'invoiced', name: 'Invoiced', color: '#3182ce' },
  { key: 'collected', name: 'Collected', color: '#38a169' },
] as const;

const HEIGHT = 256;
const PLOT_TOP = 8;
const PLOT_BOTTOM = 224; // month labels below
const TICKS = 4;

/**
 * Invoiced and collected per month, two bars a month, drawn as a plain SVG: horizontal positions
 * are percentages, so it fills any width without measuring it. Each bar's title gives the exact
 * amounts on hover; screen readers get the same figures as a table.
 */
export default function MonthlyChart({ months }: { months: DashboardSummary['monthly'] }) {
  const top = axisTop(Math.max(0, ...months.flatMap((m) => [m.invoiced, m.collected])));
  const y = (fils: number) => PLOT_BOTTOM - (Math.max(0, fils) / top) * (PLOT_BOTTOM - PLOT_TOP);
  const slot = 100 / Math.max(1, months.length);
  return (
    <Box>
      <Box role="img" aria-label="Invoiced and collected per month, in KD">
        <svg width="100%" height={HEIGHT} aria-hidden="true" style={{ display: 'block', overflow: 'visible' }}>
          {/* On a phone every other month is named, so the labels never overlap. */}
          <style>{'@media (max-width: 47.99em) { .chart-month-odd { display: none } }'}</style>
          {Array.from({ length: TICKS + 1 }, (_, i) => {
            const value = (top / TICKS) * i;
            return (
              <g key={i}>
                <line x1="0" x2="100%" y1={y(value)} y2={y(value)} style={{ stroke: 'var(--chakra-colors-border)' }} strokeDasharray={i ? '3 3' : undefined} />
                <text x="0" y={y(value) - 3} fontSize="11" style={{ fill: 'var(--chakra-colors-fg-muted)' }}>
                  {axisKd(value)}
                </text>
              </g>
            );
          })}
          {months.map((m, i) =>
            SERIES.map((series, s) => {
              const value = m[series.key];
              return (
                <rect
                  key={`${m.month}-${series.key}`}
                  data-part="bar"
                  x={`${slot * (i + 0.14 + s * 0.38)}%`}
                  width={`${slot * 0.34}%`}
                  y={y(value)}
                  height={PLOT_BOTTOM - y(value)}
                  fill={series.color}
                >
                  <title>{`${monthLabel(m.month)}, ${series.name}: ${formatKd(value)}`}</title>
                </rect>
              );
            }),
          )}
          {months.map((m, i) => (
            <text
              key={m.month}
              className={i % 2 ? 'chart-month-odd' : undefined}
              x={`${slot * (i + 0.5)}%`}
              y={PLOT_BOTTOM + 18}
              fontSize="11"
              style={{ fill: 'var(--chakra-colors-fg-muted)' }}
              textAnchor="middle"
            >
              {SHORT_MONTH.format(dayOf(m.month))}
            </text>
          ))}
        </svg>
      </Box>
      <HStack gap="4" justify="center" mt="2" aria-hidden="true">
        {SERIES.map((series) => (
          <HStack key={series.key} gap="1.5">
            <Box boxSize="3" bg={series.color} rounded="sm" />
            <Text fontSize="sm">{series.name}</Text>
          </HStack>
        ))}
      </HStack>
      <VisuallyHidden>
        <table>
          <caption>Invoiced and collected per month</caption>
          <thead>
            <tr>
              <th scope="col">Month</th>
              <th scope="col">Invoiced</th>
              <th scope="col">Collected</th>
            </tr>
          </thead>
          <tbody>
            {months.map((m) => (
              <tr key={m.month}>
                <th scope="row">{monthLabel(m.month)}</th>
                <td>{formatKd(m.invoiced)}</td>
                <td>{formatKd(m.collected)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </Box>
  );
}
