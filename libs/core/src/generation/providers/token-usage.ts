import type { ImageTokenUsage } from './image-provider';

/** Adds an answer's `usage` block (when it is one) to the counts so far. */
export function addUsage(total: ImageTokenUsage | undefined, usage: unknown): ImageTokenUsage | undefined {
  if (!usage || typeof usage !== 'object') return total;
  const u = usage as Record<string, unknown>;
  const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.round(value) : 0);
  const details = (u.input_tokens_details ?? {}) as Record<string, unknown>;
  const sum: ImageTokenUsage = {
    input_tokens: (total?.input_tokens ?? 0) + count(u.input_tokens),
    output_tokens: (total?.output_tokens ?? 0) + count(u.output_tokens),
    total_tokens: (total?.total_tokens ?? 0) + count(u.total_tokens),
    input_tokens_details: {
      text_tokens: (total?.input_tokens_details?.text_tokens ?? 0) + count(details.text_tokens),
      image_tokens: (total?.input_tokens_details?.image_tokens ?? 0) + count(details.image_tokens),
    },
  };
  return sum;
}

/**
 * SQL adding a usage block ($new, jsonb or NULL) to a token_usage column: each count summed, so a
 * retried call adds its tokens to the earlier attempt's.
 */
export function addUsageSql(column: string, next: string): string {
  const sum = (path: string) => `COALESCE((${column} #>> '{${path}}')::bigint, 0) + COALESCE((${next} #>> '{${path}}')::bigint, 0)`;
  return `CASE WHEN ${next} IS NULL THEN ${column} ELSE jsonb_build_object(
      'input_tokens', ${sum('input_tokens')}, 'output_tokens', ${sum('output_tokens')}, 'total_tokens', ${sum('total_tokens')},
      'input_tokens_details', jsonb_build_object('text_tokens', ${sum('input_tokens_details,text_tokens')}, 'image_tokens', ${sum('input_tokens_details,image_tokens')})) END`;
}
