import { TeamMemberDto } from '@brandloom/contracts';
import { Injectable } from '@nestjs/common';
import { AuthService } from '../auth/auth.service';
import { toUserDto } from '../auth/user.mapper';
import { OrganizationsService } from '../organizations/organizations.service';

/** An organization's people: memberships (organizations) joined with their accounts (auth). */
@Injectable()
export class TeamService {
  constructor(
    private readonly organizations: OrganizationsService,
    private readonly auth: AuthService,
  ) {}

  /** Members in the order they joined. */
  async members(organizationId: string): Promise<TeamMemberDto[]> {
    const memberships = await this.organizations.memberships(organizationId);
    const users = new Map((await this.auth.findUsers(memberships.map((m) => m.user_id))).map((u) => [u.id, u]));
    return memberships.flatMap((m) => {
      const user = users.get(m.user_id);
      return user ? [{ ...toUserDto(user), role: m.role }] : [];
    });
  }
}
