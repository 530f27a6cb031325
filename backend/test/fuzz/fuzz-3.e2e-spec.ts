import { describeFuzzShard } from './harness';

describeFuzzShard(2, 3);
