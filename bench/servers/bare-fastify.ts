// The baseline of the recent-activity benchmark: Fastify with one route answering a fixed JSON array of 10 items
// shaped like the notification list (no plugins, no database).
import Fastify from "fastify";

const items = Array.from({ length: 10 }, (_, index) => ({
  id: 1000 + index,
  readAt: null,
  sentAt: new Date(Date.UTC(2025, 0, 1, index)).toISOString(),
  content: { id: 500 + index, word: `word-${index}`, definition: `A definition of word number ${index}.` },
  topic: { name: "finance", displayName: "Finance", category: "vocabulary" },
}));

const app = Fastify({ logger: false });
app.get("/api/activity/recent", async () => items);
await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
// Ended by bench/lib.ts's stopChild: exit rather than die by the signal, so that BENCH_CPU_PROF's profile is written.
process.once("SIGTERM", () => void app.close().then(() => process.exit(0)));
