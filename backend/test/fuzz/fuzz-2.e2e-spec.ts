import { describeFuzzShard } from './harness';

describeFuzzShard(1, 3);
