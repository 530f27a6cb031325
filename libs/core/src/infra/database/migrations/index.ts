import { Foundation1763769600000 } from './1763769600000-Foundation';
import { CreditsBilling1763856000000 } from './1763856000000-CreditsBilling';
import { Generation1763942400000 } from './1763942400000-Generation';
import { Bulk1764028800000 } from './1764028800000-Bulk';
import { Library1764115200000 } from './1764115200000-Library';
import { BrandBrain1764201600000 } from './1764201600000-BrandBrain';
import { Meta1764288000000 } from './1764288000000-Meta';
import { AdminBlog1764374400000 } from './1764374400000-AdminBlog';
import { Account1764460800000 } from './1764460800000-Account';
import { AdFormats1764547200000 } from './1764547200000-AdFormats';
import { HotPaths1764633600000 } from './1764633600000-HotPaths';
import { ProviderUsage1764720000000 } from './1764720000000-ProviderUsage';
import { TestImages1764720027000 } from './1764720027000-TestImages';
import { NativeAdSizes1764721800000 } from './1764721800000-NativeAdSizes';
import { MetaGraphWarnings1764723600000 } from './1764723600000-MetaGraphWarnings';
import { RetryOnce1764763200000 } from './1764763200000-RetryOnce';
import { PublicApi1764800000000 } from './1764800000000-PublicApi';
import { Webhooks1764810000000 } from './1764810000000-Webhooks';
import { Ads1764830000000 } from './1764830000000-Ads';
import { GenerationAds1764831000000 } from './1764831000000-GenerationAds';
import { AdResults1764840000000 } from './1764840000000-AdResults';
import { AdResultOutcomes1764845000000 } from './1764845000000-AdResultOutcomes';
import { AdPushCopy1764842400000 } from './1764842400000-AdPushCopy';
import { AdLanguage1764850000000 } from './1764850000000-AdLanguage';
import { AdStatus1764860000000 } from './1764860000000-AdStatus';
import { PushLanguageVariants1764870000000 } from './1764870000000-PushLanguageVariants';

/** Every migration, in order. Add new ones at the end. */
export const MIGRATIONS = [Foundation1763769600000, CreditsBilling1763856000000, Generation1763942400000, Bulk1764028800000, Library1764115200000, BrandBrain1764201600000, Meta1764288000000, AdminBlog1764374400000, Account1764460800000, AdFormats1764547200000, HotPaths1764633600000, ProviderUsage1764720000000, TestImages1764720027000, NativeAdSizes1764721800000, MetaGraphWarnings1764723600000, RetryOnce1764763200000, PublicApi1764800000000, Webhooks1764810000000, Ads1764830000000, GenerationAds1764831000000, AdResults1764840000000, AdPushCopy1764842400000, AdResultOutcomes1764845000000, AdLanguage1764850000000, AdStatus1764860000000, PushLanguageVariants1764870000000];
