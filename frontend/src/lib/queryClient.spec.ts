import { createQueryClient } from './queryClient';

it('never goes stale, never refetches on its own and never retries', () => {
  const { queries, mutations } = createQueryClient().getDefaultOptions();
  expect(queries).toMatchObject({ staleTime: Infinity, refetchOnWindowFocus: false, refetchInterval: false, retry: false });
  expect(mutations).toMatchObject({ retry: false });
});
