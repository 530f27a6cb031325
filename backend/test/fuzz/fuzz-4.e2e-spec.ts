import { describeFuzzShard } from './harness';

describeFuzzShard(3, 4);
