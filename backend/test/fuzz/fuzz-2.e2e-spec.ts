import { describeFuzzShard } from './harness';

describeFuzzShard(1, 4);
