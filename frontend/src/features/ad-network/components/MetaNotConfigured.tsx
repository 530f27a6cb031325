import { META_MESSAGES } from '@brandloom/contracts';
import { useUser } from '../../../lib/auth';

/**
 * Why Meta cannot be used, in words the reader can act on: a member is told to ask an administrator;
 * an administrator is told which variables turn it on.
 */
export function useMetaNotConfiguredText(): string {
  const { data: user } = useUser();
  return user?.is_admin ? META_MESSAGES.adminNotConfigured : META_MESSAGES.notConfigured;
}
