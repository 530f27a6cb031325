import { WELCOME_BONUS_CREDITS } from '@brandloom/contracts';
import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { DataSource } from 'typeorm';
import { AuthService } from '../auth/auth.service';
import { CreditsService } from '../credits/credits.service';
import { AppConfig } from '../infra/config/app-config';
import { PROCESS_ROLE, ProcessRole } from '../infra/queue/process-role';
import { MembershipsRepository } from '../organizations/memberships.repository';
import { OrganizationsRepository } from '../organizations/organizations.repository';
import { UsersRepository } from '../users/users.repository';

export const DEMO_ADMIN_EMAIL = 'admin@demo.brandloom.app';
export const DEMO_MEMBER_EMAIL = 'member@demo.brandloom.app';
/** The demo organization can try every feature at once (docs/decisions.md). */
const DEMO_PLAN_TIER = 'Team+';
const DEMO_CREDITS = 500;

export interface DemoLogins {
  admin: { email: string; password: string };
  member: { email: string; password: string };
}

/**
 * Seeds a demo admin and member with generated passwords when the embedded database is empty
 * (or SEED_DEMO=true). A production database is never seeded with known passwords.
 */
@Injectable()
export class DemoSeeder implements OnApplicationBootstrap {
  private readonly logger = new Logger(DemoSeeder.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly auth: AuthService,
    private readonly users: UsersRepository,
    private readonly organizations: OrganizationsRepository,
    private readonly memberships: MembershipsRepository,
    private readonly credits: CreditsService,
    private readonly config: AppConfig,
    @Inject(PROCESS_ROLE) private readonly role: ProcessRole,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.role !== 'api') return;
    if (!this.config.SEED_DEMO && !(this.config.EMBEDDED_DATABASE && (await this.isEmpty()))) return;
    const logins = await this.seed();
    if (!logins) return;
    if (this.config.DEMO_CREDENTIALS_FILE) {
      mkdirSync(dirname(this.config.DEMO_CREDENTIALS_FILE), { recursive: true });
      writeFileSync(this.config.DEMO_CREDENTIALS_FILE, JSON.stringify(logins, null, 2), { mode: 0o600 });
    }
    this.logger.log(`demo logins: admin ${logins.admin.email} / ${logins.admin.password}, member ${logins.member.email} / ${logins.member.password}`);
  }

  /** Creates both demo users unless they exist; returns their logins when it created them. */
  async seed(): Promise<DemoLogins | null> {
    if (await this.users.existsWithEmail([DEMO_ADMIN_EMAIL, DEMO_MEMBER_EMAIL])) return null;
    const logins: DemoLogins = {
      admin: { email: DEMO_ADMIN_EMAIL, password: generatePassword() },
      member: { email: DEMO_MEMBER_EMAIL, password: generatePassword() },
    };
    const member = await this.auth.register({ ...logins.member, username: 'Demo Member' });
    const admin = await this.auth.register({ ...logins.admin, username: 'Demo Admin' });
    await this.auth.setAdmin(admin.email);
    await this.dataSource.transaction(async (m) => {
      const organizationOf = async (userId: string): Promise<string> => (await this.memberships.findOfUser(userId, m))!.organization_id;
      const demoOrganizationId = await organizationOf(member.id);
      // Both demo users share one workspace: the admin's own sign-up organization goes away.
      await this.organizations.deleteById(await organizationOf(admin.id), m);
      await this.memberships.insert({ organizationId: demoOrganizationId, userId: admin.id, role: 'admin' }, m);
      await this.organizations.renameWithPlanTier(demoOrganizationId, 'Demo Organization', DEMO_PLAN_TIER, m);
      await this.credits.grant(
        {
          organizationId: demoOrganizationId,
          amount: DEMO_CREDITS - WELCOME_BONUS_CREDITS,
          type: 'bonus',
          description: 'Demo credits',
          idempotencyKey: 'demo-credits',
          reference: { type: 'demo', id: demoOrganizationId },
        },
        m,
      );
    });
    return logins;
  }

  private async isEmpty(): Promise<boolean> {
    return (await this.users.count()) === 0;
  }
}

const generatePassword = () => randomBytes(12).toString('base64url');
