import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { DashboardSummary } from '@admin/shared/contract';
import { dashboardSummaryQuery } from '@admin/shared/query';
import { DashboardCard } from './dashboard-card';

export interface SummaryCardProps {
  title: string;
  href: string;
  /** What the card shows of the dashboard summary. */
  render: (summary: DashboardSummary) => ReactNode;
}

/** A dashboard card fed by GET /dashboard/summary: one request however many widgets read it. */
export function SummaryCard({ title, href, render }: SummaryCardProps) {
  const summary = useQuery(dashboardSummaryQuery);
  return (
    <DashboardCard title={title} href={href} loading={summary.isPending} failed={summary.isError}>
      {summary.data && render(summary.data)}
    </DashboardCard>
  );
}
