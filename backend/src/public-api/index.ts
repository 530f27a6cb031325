import { V1AdsController } from './v1-ads.controller';
import { V1AssetsController } from './v1-assets.controller';
import { V1BrandProfilesController } from './v1-brand-profiles.controller';
import { V1CreditsController } from './v1-credits.controller';
import { V1FoldersController } from './v1-folders.controller';
import { V1GenerationsController } from './v1-generations.controller';
import { V1WebhooksController } from './v1-webhooks.controller';

/** The public API's controllers (/api/v1), registered by AppModule. */
export const PUBLIC_API_CONTROLLERS = [V1GenerationsController, V1AssetsController, V1FoldersController, V1BrandProfilesController, V1CreditsController, V1AdsController, V1WebhooksController];
