/**
 * A generation in the admin activity shows as completed, processing, otherwise failed. A
 * queued generation is one still waiting for its turn to process, so it reads as processing.
 */
export type ActivityStatus = 'Completed' | 'Processing' | 'Failed';

export function activityStatus(status: string): ActivityStatus {
  if (status === 'completed') return 'Completed';
  if (status === 'processing' || status === 'queued') return 'Processing';
  return 'Failed';
}

const CHIP_COLORS = { Completed: 'success', Processing: 'info', Failed: 'error' } as const;
export const activityChipColor = (status: ActivityStatus) => CHIP_COLORS[status];
