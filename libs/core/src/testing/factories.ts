// Test data written straight to the database (and storage), for suites and benchmarks that need
// rows without going through the API that makes them: organizations, folders, assets. Anything that
// can run a query (DataSource, EntityManager, QueryRunner) works as `db`.
import { randomBytes, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { Asset } from '../assets/entities/asset.entity';
import type { Folder } from '../folders/entities/folder.entity';
import type { StorageDriver } from '../storage/storage-driver';
import { organizationScopedKey, thumbnailKey } from '../storage/storage-key';

export interface Queryable {
  query(sql: string, parameters?: unknown[]): Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export interface OrganizationInput {
  name?: string;
  planTier?: 'Starter' | 'Pro' | 'Agency' | 'Team+';
  /** Set directly (no ledger row): use CreditsService.grant when the ledger matters. */
  credits?: number;
}

/** An organization without members (sign up through the API when a session is needed). */
export async function createOrganization(db: Queryable, input: OrganizationInput = {}): Promise<{ id: string; name: string }> {
  const [row] = await db.query(`INSERT INTO organizations (name, plan_tier, credits) VALUES ($1, $2, $3) RETURNING id, name`, [
    input.name ?? `Test organization ${randomBytes(3).toString('hex')}`,
    input.planTier ?? 'Starter',
    input.credits ?? 0,
  ]);
  return row;
}

export async function createFolder(db: Queryable, organizationId: string, name = `Folder ${randomBytes(3).toString('hex')}`): Promise<Folder> {
  const [row] = await db.query(`INSERT INTO folders (organization_id, name) VALUES ($1, $2) RETURNING *`, [organizationId, name]);
  return row;
}

export interface AssetInput {
  organizationId: string;
  name?: string;
  prompt?: string | null;
  folderId?: string | null;
  /** Defaults to now() (the insert's transaction time). */
  createdAt?: Date | string;
  /** Defaults to a fresh key under the organization's prefix (no file behind it unless stored). */
  s3Key?: string;
  /** Defaults to the original's thumbnail key; null for none. */
  thumbnailKey?: string | null;
  width?: number;
  height?: number;
  fileSize?: number;
  brandProfileId?: string | null;
  brandProfileName?: string | null;
}

const COLUMNS = ['organization_id', 'name', 'prompt', 'folder_id', 'created_at', 's3_key', 'thumbnail_key', 'width', 'height', 'file_size', 'brand_profile_id', 'brand_profile_name'];
const TYPES = ['uuid', 'text', 'text', 'uuid', 'timestamptz', 'text', 'text', 'int', 'int', 'int', 'uuid', 'text'];

function assetValues(input: AssetInput, index: number): unknown[] {
  const s3Key = input.s3Key ?? organizationScopedKey(input.organizationId, 'generated', 'png');
  return [
    input.organizationId,
    input.name ?? `Asset ${index + 1}`,
    input.prompt === undefined ? `A test image number ${index + 1}` : input.prompt,
    input.folderId ?? null,
    input.createdAt === undefined ? null : typeof input.createdAt === 'string' ? input.createdAt : input.createdAt.toISOString(),
    s3Key,
    input.thumbnailKey === undefined ? thumbnailKey(s3Key) : input.thumbnailKey,
    input.width ?? 1024,
    input.height ?? 1024,
    input.fileSize ?? 123_456,
    input.brandProfileId ?? null,
    input.brandProfileName ?? null,
  ];
}

/**
 * Inserts assets in one statement (one array parameter per column), in the order given. Rows
 * without createdAt get now(); an explicit createdAt (microseconds kept from strings) otherwise.
 */
export async function createAssets(db: Queryable, inputs: AssetInput[]): Promise<Asset[]> {
  if (inputs.length === 0) return [];
  const rows = inputs.map(assetValues);
  const columns = COLUMNS.map((_, c) => rows.map((row) => row[c]));
  const unnest = TYPES.map((type, c) => `$${c + 1}::${type}[]`).join(', ');
  const select = COLUMNS.map((column) => (column === 'created_at' ? 'COALESCE(created_at, now())' : column)).join(', ');
  return db.query(
    `INSERT INTO assets (${COLUMNS.join(', ')})
     SELECT ${select} FROM unnest(${unnest}) WITH ORDINALITY AS t(${COLUMNS.join(', ')}, n) ORDER BY n
     RETURNING *`,
    columns,
  );
}

export async function createAsset(db: Queryable, input: AssetInput): Promise<Asset> {
  const [asset] = await createAssets(db, [input]);
  return asset;
}

/** Stores a small PNG and its WebP thumbnail for an asset key (as the generation pipeline does). */
export async function storeAssetFiles(storage: StorageDriver, s3Key: string): Promise<{ s3Key: string; thumbnailKey: string }> {
  const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#3366ff' } }).png().toBuffer();
  const webp = await sharp(png).webp().toBuffer();
  const thumb = thumbnailKey(s3Key);
  await storage.put(s3Key, png, 'image/png');
  await storage.put(thumb, webp, 'image/webp');
  return { s3Key, thumbnailKey: thumb };
}

/** An asset whose original and thumbnail exist in storage. */
export async function createStoredAsset(db: Queryable, storage: StorageDriver, input: AssetInput): Promise<Asset> {
  const s3Key = input.s3Key ?? organizationScopedKey(input.organizationId, 'generated', 'png');
  const files = await storeAssetFiles(storage, s3Key);
  return createAsset(db, { ...input, s3Key: files.s3Key, thumbnailKey: files.thumbnailKey });
}

/** A fresh id that belongs to nothing. */
export const unknownId = (): string => randomUUID();
