/**
 * The V8 flags the service runs with (decision 036). `npm start` and `npm run dev:server` pass
 * them (package.json; node-flags.test.ts keeps the two in step), and so do the benchmarks and the
 * tests that start the service as a process, so they measure and test the service as it runs.
 *
 * `--max-semi-space-size=32`: a waiting tail's request lives about a tenth of a second. With
 * V8's default young generation (16 MB semi-spaces, grown from 1 MB) a thousand tails allocate
 * enough to scavenge every ~60 ms, so most waiting requests outlive two scavenges and are copied
 * into the old generation, where they die: the heap grew to ~150 MB of garbage between full
 * collections. With 32 MB semi-spaces they die young (docs/benchmarks-history.md, "1,000 waiting tails").
 */
export const SERVICE_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=32'];
