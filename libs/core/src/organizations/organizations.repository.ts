import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** SQL for the plan tier of the organization whose id is `organizationId` (a parameter or column), for statements that read it on the way. */
export function planTierOf(organizationId: string): string {
  return `(SELECT plan_tier FROM organizations WHERE id = ${organizationId})`;
}

/** The organizations table's SQL. */
@Injectable()
export class OrganizationsRepository {
  constructor(private readonly dataSource: DataSource) {}
}
