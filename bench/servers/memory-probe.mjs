// Preloaded (`node --expose-gc --import`) into the server the soak benchmark runs: answers the bench's "memory"
// message on the IPC channel with process.memoryUsage() taken right after a full collection, so that the heap
// figure is what the server keeps, not how much garbage happens to be waiting.
import process from "node:process";

if (process.send) {
  process.on("message", (message) => {
    if (message !== "memory") return;
    globalThis.gc?.();
    const { rss, heapUsed, heapTotal, external } = process.memoryUsage();
    process.send?.({ rss, heapUsed, heapTotal, external });
  });
  // The channel must not keep the server alive after its own shutdown.
  process.channel?.unref();
}
