// The baseline of the recent-activity benchmark: Fastify with one route answering a fixed JSON array of 10 items (no
// plugins, no database). The items are BARE_ITEMS (JSON) when given: the bench hands it the poll's own answer, so the
// two servers send the same body and the ratio measures the server, not the payload. Without it, 10 items of the
// notification list's spec shape (`{ id, readAt, sentAt, content: { id, word, definition }, topic }`, 2,201 bytes
// against the poll's 3,791 with cards): the bench's baseline until session 49 (`--spec-items-baseline`).
import Fastify from "fastify";

const specShapedItems = Array.from({ length: 10 }, (_, index) => ({
  id: 1000 + index,
  readAt: null,
  sentAt: new Date(Date.UTC(2025, 0, 1, index)).toISOString(),
  content: { id: 500 + index, word: `word-${index}`, definition: `A definition of word number ${index}.` },
  topic: { name: "finance", displayName: "Finance", category: "vocabulary" },
}));
const items: unknown = process.env.BARE_ITEMS ? JSON.parse(process.env.BARE_ITEMS) : specShapedItems;

const app = Fastify({ logger: false });
app.get("/api/activity/recent", async () => items);
await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
// Ended by bench/lib.ts's stopChild: exit rather than die by the signal, so that BENCH_CPU_PROF's profile is written.
process.once("SIGTERM", () => void app.close().then(() => process.exit(0)));
