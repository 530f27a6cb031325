import type { AdminMetricsDay } from '@brandloom/contracts';
import { formatDate } from '../../lib/i18n/format';

/** The console's charts: one x axis of days ('Nov 3') and the series each chart draws, with totals. */
export function metricsSeries(days: AdminMetricsDay[]) {
  const labels = days.map((d) => formatDate(`${d.day}T00:00:00Z`, { month: 'short', day: 'numeric', timeZone: 'UTC' }));
  const series = (key: keyof Omit<AdminMetricsDay, 'day'>) => days.map((d) => d[key]);
  const total = (values: number[]) => values.reduce((sum, value) => sum + value, 0);
  const signups = series('signups');
  const completed = series('generations_completed');
  const failed = series('generations_failed');
  const granted = series('credits_granted');
  const used = series('credits_used');
  return {
    labels,
    signups: { data: signups, total: total(signups) },
    generations: { completed: { data: completed, total: total(completed) }, failed: { data: failed, total: total(failed) } },
    credits: { granted: { data: granted, total: total(granted) }, used: { data: used, total: total(used) } },
  };
}
