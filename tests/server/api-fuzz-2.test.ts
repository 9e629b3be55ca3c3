import { fuzzShard } from '../helpers/api-fuzz';

// API fuzzing (decision 0070): the routes are dealt to two files so both test workers share them.
fuzzShard(2);
