import type { DashboardSummary } from '@admin/shared/contract';
import { useLanguage, useT, type Language } from '@admin/shared/i18n';
import { formatKd } from '@admin/shared/money';
import { Box, HStack, Text, VisuallyHidden } from '@admin/shared/ui';
import { PAYMENTS_NAMESPACE } from '../i18n';

/** Month names in each language; Arabic keeps Western digits for the year, as every figure does. */
const LOCALES: Record<Language, string> = { en: 'en-GB', ar: 'ar-KW-u-nu-latn' };
const monthFormats = (language: Language) => ({
  long: new Intl.DateTimeFormat(LOCALES[language], { month: 'short', year: 'numeric', timeZone: 'UTC' }),
  short: new Intl.DateTimeFormat(LOCALES[language], { month: 'short', timeZone: 'UTC' }),
});
const FORMATS: Record<Language, ReturnType<typeof monthFormats>> = { en: monthFormats('en'), ar: monthFormats('ar') };

const dayOf = (month: string) => new Date(`${month}-01T00:00:00.000Z`);

/** A round top for the axis: 1, 2 or 5 times a power of ten, at least the largest bar. */
export function axisTop(fils: number): number {
  if (fils <= 0) return 1000;
  const power = 10 ** Math.floor(Math.log10(fils));
  return [1, 2, 5, 10].map((step) => step * power).find((top) => top >= fils)!;
}

const SERIES = [
  { key: 'invoiced', name: 'chart.invoiced', color: '#3182ce' },
  { key: 'collected', name: 'chart.collected', color: '#38a169' },
] as const;

const HEIGHT = 256;
const PLOT_TOP = 8;
const PLOT_BOTTOM = 224; // month labels below
const TICKS = 4;
/** On a phone every other month is named, so the labels never overlap. */
const PHONE_MONTHS_CSS = '@media (max-width: 47.99em) { .chart-month-odd { display: none } }';

/**
 * Invoiced and collected per month, two bars a month, drawn as a plain SVG: horizontal positions
 * are percentages, so it fills any width without measuring it. In Arabic the chart reads right to
 * left like the page: the oldest month on the right, the amounts' axis labels at the right edge.
 * Each bar's title gives the exact amounts on hover; screen readers get the same figures as a table.
 */
export default function MonthlyChart({ months }: { months: DashboardSummary['monthly'] }) {
  const t = useT(PAYMENTS_NAMESPACE);
  const language = useLanguage();
  const rtl = language === 'ar';
  const { long, short } = FORMATS[language];
  const monthLabel = (month: string) => long.format(dayOf(month));
  /** Whole KD for the axis ('12 KD'); each bar's title and the table show exact amounts. */
  const axisKd = (fils: number) => t('chart.axisAmount', { amount: Math.round(fils / 1000).toLocaleString('en-US') });
  // A horizontal position (percent from the start edge) where it is drawn: mirrored in Arabic.
  // Texts need no mirroring: the SVG inherits the page's direction, so their 'start' is the right edge there.
  const x = (percent: number) => `${rtl ? 100 - percent : percent}%`;

  const top = axisTop(Math.max(0, ...months.flatMap((m) => [m.invoiced, m.collected])));
  const y = (fils: number) => PLOT_BOTTOM - (Math.max(0, fils) / top) * (PLOT_BOTTOM - PLOT_TOP);
  const slot = 100 / Math.max(1, months.length);
  const barWidth = slot * 0.34;
  return (
    <Box>
      <Box role="img" aria-label={t('chart.label')}>
        <svg width="100%" height={HEIGHT} aria-hidden="true" style={{ display: 'block', overflow: 'visible' }}>
          <style>{PHONE_MONTHS_CSS}</style>
          {Array.from({ length: TICKS + 1 }, (_, i) => {
            const value = (top / TICKS) * i;
            return (
              <g key={i}>
                <line
                  x1="0"
                  x2="100%"
                  y1={y(value)}
                  y2={y(value)}
                  style={{ stroke: 'var(--chakra-colors-border)' }}
                  strokeDasharray={i ? '3 3' : undefined}
                />
                <text x={x(0)} y={y(value) - 3} fontSize="11" style={{ fill: 'var(--chakra-colors-fg-muted)' }}>
                  {axisKd(value)}
                </text>
              </g>
            );
          })}
          {months.map((m, i) =>
            SERIES.map((series, s) => {
              const value = m[series.key];
              const start = slot * (i + 0.14 + s * 0.38);
              return (
                <rect
                  key={`${m.month}-${series.key}`}
                  data-part="bar"
                  // A rect grows rightwards from x: mirrored, it starts where its end was.
                  x={x(rtl ? start + barWidth : start)}
                  width={`${barWidth}%`}
                  y={y(value)}
                  height={PLOT_BOTTOM - y(value)}
                  fill={series.color}
                >
                  <title>
                    {t('chart.barTitle', {
                      month: monthLabel(m.month),
                      series: t(series.name),
                      amount: formatKd(value),
                    })}
                  </title>
                </rect>
              );
            }),
          )}
          {months.map((m, i) => (
            <text
              key={m.month}
              className={i % 2 ? 'chart-month-odd' : undefined}
              x={x(slot * (i + 0.5))}
              y={PLOT_BOTTOM + 18}
              fontSize="11"
              style={{ fill: 'var(--chakra-colors-fg-muted)' }}
              textAnchor="middle"
            >
              {short.format(dayOf(m.month))}
            </text>
          ))}
        </svg>
      </Box>
      <HStack gap="4" justify="center" mt="2" aria-hidden="true">
        {SERIES.map((series) => (
          <HStack key={series.key} gap="1.5">
            <Box boxSize="3" bg={series.color} rounded="sm" />
            <Text fontSize="sm">{t(series.name)}</Text>
          </HStack>
        ))}
      </HStack>
      <VisuallyHidden>
        <table>
          <caption>{t('chart.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('chart.month')}</th>
              <th scope="col">{t('chart.invoiced')}</th>
              <th scope="col">{t('chart.collected')}</th>
            </tr>
          </thead>
          <tbody>
            {months.map((m) => (
              <tr key={m.month}>
                <th scope="row">{monthLabel(m.month)}</th>
                <td>
                  <bdi dir="ltr">{formatKd(m.invoiced)}</bdi>
                </td>
                <td>
                  <bdi dir="ltr">{formatKd(m.collected)}</bdi>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </Box>
  );
}
