import type { Resolver, ResolverResult } from 'react-hook-form';
import { lazyResolver } from './lazyResolver';

type Values = { name: string };
const options = { fields: {}, shouldUseNativeValidation: undefined };
const requireName: Resolver<Values> = (values): ResolverResult<Values> =>
  values.name ? { values, errors: {} as Record<string, never> } : { values: {}, errors: { name: { type: 'required', message: 'Name is required' } } };

describe('lazyResolver', () => {
  it('loads the rules on the first check only, then checks with them', async () => {
    const load = vi.fn(async () => requireName);
    const { resolver } = lazyResolver(load);
    expect(load).not.toHaveBeenCalled();

    expect(await resolver({ name: '' }, undefined, options)).toEqual({ values: {}, errors: { name: { type: 'required', message: 'Name is required' } } });
    expect(await resolver({ name: 'Ada' }, undefined, options)).toEqual({ values: { name: 'Ada' }, errors: {} });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('preload starts the load once, and the check uses it', async () => {
    const load = vi.fn(async () => requireName);
    const { resolver, preload } = lazyResolver(load);
    preload();
    preload();
    expect(load).toHaveBeenCalledTimes(1);
    expect(await resolver({ name: 'Ada' }, undefined, options)).toEqual({ values: { name: 'Ada' }, errors: {} });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries the load again after it failed (e.g. offline for a moment)', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module')).mockResolvedValue(requireName);
    const { resolver, preload } = lazyResolver<Values, unknown, Values>(load);
    preload();
    await expect(resolver({ name: 'Ada' }, undefined, options)).rejects.toThrow('Failed to fetch');
    expect(await resolver({ name: 'Ada' }, undefined, options)).toEqual({ values: { name: 'Ada' }, errors: {} });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
