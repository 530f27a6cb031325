import { useUser } from '../../../lib/auth';
import { useT } from '../../../lib/i18n/translate';

/**
 * Why Meta cannot be used, in words the reader can act on: a member is told to ask an administrator;
 * an administrator is told which variables turn it on.
 */
export function useMetaNotConfiguredText(): string {
  const { data: user } = useUser();
  const t = useT();
  return t(user?.is_admin ? 'meta.adminNotConfigured' : 'meta.notConfigured');
}
