import type { AdNetworkDefinition } from '../ad-network.port';
import { MetaConnection } from './entities/meta-connection.entity';
import { MetaDataDeletion } from './entities/meta-data-deletion.entity';
import { MetaPush } from './entities/meta-push.entity';
import { MetaAdNetwork } from './meta-ad-network';
import { MetaAdNetworkModule } from './meta-ad-network.module';
import { META_JOBS } from './meta-jobs.names';
import { metaPushJobsSql } from './meta-pushes.repository';

/** Meta in the ad-network registry: needs META_APP_ID, META_APP_SECRET and META_TOKEN_KEY to be usable. */
export const metaAdNetwork = {
  name: 'meta',
  module: MetaAdNetworkModule,
  adapter: MetaAdNetwork,
  entities: [MetaConnection, MetaPush, MetaDataDeletion],
  jobs: Object.values(META_JOBS),
  adminJobSources: { meta_push: metaPushJobsSql },
} as const satisfies AdNetworkDefinition;
