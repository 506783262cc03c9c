import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { DashboardSummary } from '@admin/shared/contract';
import { formatKd } from '@admin/shared/money';
import { Box } from '@admin/shared/ui';

const MONTH = new Intl.DateTimeFormat('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** '2026-11' -> 'Nov 2026'. */
export function monthLabel(month: string): string {
  return MONTH.format(new Date(`${month}-01T00:00:00.000Z`));
}

/** Whole KD for the axis ('12 KD'); the tooltip shows exact amounts. */
const axisKd = (fils: number) => `${Math.round(fils / 1000).toLocaleString('en-US')} KD`;

/** Bars per month in fils, labelled in KD; drawn by recharts, which this module alone imports. */
export default function MonthlyChart({ months }: { months: DashboardSummary['monthly'] }) {
  const data = months.map((m) => ({ ...m, label: monthLabel(m.month) }));
  return (
    <Box height="64" role="img" aria-label="Invoiced and collected per month, in KD">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 12 }} />
          <YAxis tickFormatter={axisKd} tick={{ fontSize: 12 }} width={72} />
          <Tooltip formatter={(value) => formatKd(Number(value))} />
          <Legend />
          <Bar dataKey="invoiced" name="Invoiced" fill="#3182ce" />
          <Bar dataKey="collected" name="Collected" fill="#38a169" />
        </BarChart>
      </ResponsiveContainer>
    </Box>
  );
}
