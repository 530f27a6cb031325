import { describeFuzzShard } from './harness';

describeFuzzShard(0, 3);
