import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { anonymous, makeOrganization, makeUser, mockApi } from '../test/utils';
import { organizationQueryKey, useLogin, useOrganization, userQueryKey } from './auth';
import { createQueryClient } from './queryClient';

function wrapperWith(client = createQueryClient()) {
  return ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe('useOrganization', () => {
  it('is not requested for an anonymous visitor', async () => {
    const fetchMock = mockApi({ 'GET /api/auth/user': anonymous, 'GET /api/organization': { body: makeOrganization() } });

    const { result } = renderHook(useOrganization, { wrapper: wrapperWith() });

    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/auth/user', expect.anything()));
    expect(result.current.data).toBeUndefined();
    expect(fetchMock).not.toHaveBeenCalledWith('/api/organization', expect.anything());
  });

  it('is requested once a user exists, and a 401 reads as no organization', async () => {
    mockApi({ 'GET /api/auth/user': { body: makeUser() }, 'GET /api/organization': anonymous });

    const { result } = renderHook(useOrganization, { wrapper: wrapperWith() });

    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toBeNull();
  });
});

describe('useLogin', () => {
  it('replaces a signed-out session (user and organization cached as null) with the new one', async () => {
    const client = createQueryClient();
    client.setQueryData(userQueryKey, null);
    client.setQueryData(organizationQueryKey, null);
    const user = makeUser();
    mockApi({
      'POST /api/auth/login': { body: user },
      'GET /api/auth/user': { body: user },
      'GET /api/organization': { body: makeOrganization('Globex') },
    });

    const { result } = renderHook(() => ({ login: useLogin(), organization: useOrganization() }), {
      wrapper: wrapperWith(client),
    });
    act(() => result.current.login.mutate({ email: user.email, password: 'correct-horse' }));

    await waitFor(() => expect(result.current.organization.data?.organization.name).toBe('Globex'));
    expect(client.getQueryData(userQueryKey)).toEqual(user);
  });
});
