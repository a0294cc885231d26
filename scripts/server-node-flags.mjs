// The Node flags the server and a worker run with: `npm start` and `npm run worker` pass them (package.json), the
// benchmarks' servers and dispatch workers get them (bench/lib.ts `startNode`, bench/dispatch.bench.ts), and
// docs/operations.md names them for `node dist/server/main.js` and `dist/server/worker.js`.
//
// --max-semi-space-size=64 (MB; V8's default is 16): the poll's cache keeps every list it reads for a while and the
// requests in flight live a few milliseconds, so each young-generation collection copied them, every 20 ms under a
// load of misses. With room for 64 MB of new objects it runs a quarter as often and most of them are dead by then: on
// the poll's miss rounds the young collections' time fell from 1,343 to 783 ms (docs/operations.md, session 39). The
// cost is memory: up to 128 MB more young generation under load. A dispatch worker allocates every batch's rows and
// plans and drops them at its end, the same pattern (docs/operations.md, session 48).
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=64"];
