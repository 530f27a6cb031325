import type { MembershipRole, UserDto } from '@brandloom/contracts';

/** What the session resolves to on each request (see SessionSerializer). */
export interface SessionUser extends UserDto {
  organizationId: string | null;
  role: MembershipRole | null;
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    interface User extends SessionUser {}
  }
}
