import { AuditEntry } from './audit/entities/audit-entry.entity';
import { ApiKey } from './api-keys/entities/api-key.entity';
import { IdempotencyKey } from './api-keys/entities/idempotency-key.entity';
import { User } from './auth/entities/user.entity';
import { Product } from './billing/entities/product.entity';
import { Purchase } from './billing/entities/purchase.entity';
import { StripeEvent } from './billing/entities/stripe-event.entity';
import { StripeSubscription } from './billing/entities/subscription.entity';
import { CreditTransaction } from './credits/entities/credit-transaction.entity';
import { Membership } from './organizations/entities/membership.entity';
import { Organization } from './organizations/entities/organization.entity';
import { Invitation } from './organizations/entities/invitation.entity';
import { Asset } from './assets/entities/asset.entity';
import { BrandProfile } from './brand-profiles/entities/brand-profile.entity';
import { BrandExtraction } from './brand-profiles/entities/brand-extraction.entity';
import { BrandSourceImage } from './brand-profiles/entities/brand-source-image.entity';
import { Folder } from './folders/entities/folder.entity';
import { Generation } from './generation/entities/generation.entity';
import { GenerationBatch } from './generation/bulk/entities/generation-batch.entity';
import { AdminAuditEntry } from './admin-audit/entities/admin-audit-entry.entity';
import { BlogPost } from './blog/entities/blog-post.entity';
import { AD_NETWORK_ENTITIES } from './ad-network/ad-network.registry';
import { FormatJob } from './formats/entities/format-job.entity';
import { OutboxEvent } from './infra/outbox/entities/outbox-event.entity';
import { ProcessedEvent } from './infra/outbox/entities/processed-event.entity';

/** Every TypeORM entity, composed from the domains (infra/ knows none of them). */
export const ENTITIES = [User, Organization, Membership, CreditTransaction, OutboxEvent, ProcessedEvent, AuditEntry, Product, StripeSubscription, Purchase, StripeEvent, BrandProfile, Folder, Generation, Asset, GenerationBatch, BrandExtraction, BrandSourceImage, ...AD_NETWORK_ENTITIES, BlogPost, AdminAuditEntry, Invitation, FormatJob, ApiKey, IdempotencyKey];
