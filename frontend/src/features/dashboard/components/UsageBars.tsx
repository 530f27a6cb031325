import type { DailyCreditUsage } from '@brandloom/contracts';
import { Box, Typography } from '@mui/material';
import { formatNumber } from '../../../lib/i18n/format';

const PLOT_HEIGHT = 212;
/** Every how many days the axis names the day. */
const LABEL_EVERY = 5;

/** A round top for the value axis: 1, 2 or 5 times a power of ten, at least the highest day. */
export function axisTop(max: number): number {
  if (max <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  return [1, 2, 5, 10].map((step) => step * power).find((top) => top >= max)!;
}

/**
 * Credits per day as plain bars (a few hundred bytes of layout, where a charting library brought
 * 300 kB to the dashboard for this one drawing). Drawn at its final size from the first frame.
 */
export function UsageBars({ days, label }: { days: DailyCreditUsage[]; label: (date: string) => string }) {
  const top = axisTop(Math.max(0, ...days.map((day) => day.credits_used)));
  const tick = (value: number) => (
    <Typography key={value} variant="caption" color="text.secondary" sx={{ position: 'absolute', right: 6, bottom: `${(value / top) * 100}%`, transform: 'translateY(50%)', lineHeight: 1 }}>
      {formatNumber(value)}
    </Typography>
  );
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: '40px minmax(0, 1fr)', gridTemplateRows: `${PLOT_HEIGHT}px 28px`, mt: 1 }}>
      <Box sx={{ position: 'relative' }}>{[0, top / 2, top].filter((value) => Number.isInteger(value)).map(tick)}</Box>
      <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: '2px', borderLeft: 1, borderBottom: 1, borderColor: 'divider', px: '2px' }}>
        {days.map((day) => (
          <Box key={day.date} data-credits={day.credits_used} sx={{ flex: 1, height: `${(day.credits_used / top) * 100}%`, bgcolor: 'primary.main', borderRadius: '2px 2px 0 0' }} />
        ))}
      </Box>
      <span />
      <Box sx={{ display: 'flex', gap: '2px', px: '2px', pt: 0.5 }}>
        {days.map((day, index) => (
          <Box key={day.date} sx={{ flex: 1, minWidth: 0, overflow: 'visible', whiteSpace: 'nowrap' }}>
            {index % LABEL_EVERY === 0 && (
              <Typography variant="caption" color="text.secondary">
                {label(day.date)}
              </Typography>
            )}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
