import { Column, PrimaryGeneratedColumn } from 'typeorm';

/**
 * The first columns of most tables of an organization's data: a generated uuid key and the
 * organization the row belongs to. An entity extends it instead of repeating them; TypeORM maps a
 * base class's columns before the entity's own, which is where the tables have them.
 */
export abstract class OrganizationRow {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'uuid' })
  organization_id: string;
}

/** An organization's row that names the user who made it: null for rows older than the column, or once the user was deleted. */
export abstract class UserMadeOrganizationRow extends OrganizationRow {
  @Column({ type: 'uuid', nullable: true })
  user_id: string | null;
}
