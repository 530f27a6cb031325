import type { MembershipRole } from '@brandloom/contracts';
import type { MessageKey } from './i18n/translate';

/** Each membership role's name in the catalogues ('Owner', 'Inhaber'…). */
export const ROLE_KEYS: Record<MembershipRole, MessageKey> = { owner: 'settings.role.owner', admin: 'settings.role.admin', member: 'settings.role.member' };
