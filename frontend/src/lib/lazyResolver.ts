import type { FieldValues, Resolver } from 'react-hook-form';
import { loadChunk } from './chunks';

export interface LazyResolver<TInput extends FieldValues, TContext, TOutput> {
  resolver: Resolver<TInput, TContext, TOutput>;
  /** Starts loading the validation (e.g. when the form is first focused), so the first check does not wait. */
  preload: () => void;
}

/**
 * A react-hook-form resolver whose schema, and the validation library with it, loads on first use: a
 * form shown at first paint keeps its validator out of the screen's first load. A failed load is tried
 * again on the next validation.
 */
export function lazyResolver<TInput extends FieldValues, TContext, TOutput>(
  load: () => Promise<Resolver<TInput, TContext, TOutput>>,
): LazyResolver<TInput, TContext, TOutput> {
  let loading: Promise<Resolver<TInput, TContext, TOutput>> | undefined;
  const get = () =>
    (loading ??= loadChunk(load).catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  return {
    resolver: async (values, context, options) => (await get())(values, context, options),
    preload: () => void get().catch(() => undefined),
  };
}
