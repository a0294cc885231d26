/** The size step of a pooled body's block: a body takes the fewest whole blocks its bytes fit in. */
export const BODY_BLOCK_BYTES = 1024;
/** Bodies larger than this (a list of ten words is about 5 KiB) get bytes of their own and are not pooled. */
const LARGEST_POOLED_BODY_BYTES = 16 * BODY_BLOCK_BYTES;

/** What a body is written to: a response that says when it has closed (written out, or its connection gone). */
export interface ClosingResponse {
  once(event: "close", listener: () => void): unknown;
}

/**
 * Reused bytes for the cached notification lists' bodies. A fresh buffer for every miss was an ArrayBuffer of its
 * own, whose bytes V8 counts as external memory; once the cache turns over thousands of lists a second (every poll a
 * miss, or a slot's deliveries dropping many lists at once), that memory alone made V8 mark the whole heap about once
 * a second, a fifth of a miss's CPU (docs/operations.md, session 39). So the blocks of the lists the cache drops are
 * kept and written again.
 *
 * A block is reused only when no answer is still writing it: node may hold a body's bytes after `end()` returns (the
 * socket is corked until the next tick, and a slow client's socket keeps what it has not sent), so every answer that
 * writes a body keeps it (`keepWhileWriting`) until its response closes. A dropped block waits for the end of the
 * turn before it is reused, so a list read and cached in this turn is kept by its answer first. A block whose answer
 * never closes is simply never reused: the garbage collector takes it.
 */
export class BodyPool {
  /** Free blocks by their size in blocks (index 1 for 1 KiB, …). */
  private readonly free: ArrayBuffer[][] = [];
  private freeBytes = 0;
  /** The blocks this pool made: only those are ever written again (a buffer from elsewhere may still be its maker's). */
  private readonly made = new WeakSet<ArrayBuffer>();
  /** How many answers are writing each block. */
  private readonly writing = new Map<ArrayBuffer, number>();
  /** Dropped while being written: reused when the last answer closes. */
  private readonly droppedWhileWriting = new Set<ArrayBuffer>();
  /** Dropped in this turn, reused after it. */
  private readonly dropped = new Set<ArrayBuffer>();
  /** The free blocks, so a block dropped twice is not handed out twice. */
  private readonly isFree = new WeakSet<ArrayBuffer>();
  private recycleScheduled = false;

  /** @param maxFreeBytes the most the free blocks may hold; blocks dropped beyond it are left to the garbage collector. */
  constructor(private readonly maxFreeBytes: number) {}

  /** Bytes held by free blocks now. */
  get bytes(): number {
    return this.freeBytes;
  }

  /** A buffer of `length` bytes, on a free block when one of its size is left. */
  take(length: number): Buffer {
    const blocks = Math.ceil(length / BODY_BLOCK_BYTES);
    if (blocks === 0 || blocks * BODY_BLOCK_BYTES > LARGEST_POOLED_BODY_BYTES)
      return Buffer.allocUnsafeSlow(length);
    let block = this.free[blocks]?.pop();
    if (block) {
      this.freeBytes -= block.byteLength;
      this.isFree.delete(block);
    } else {
      block = Buffer.allocUnsafeSlow(blocks * BODY_BLOCK_BYTES).buffer as ArrayBuffer;
      this.made.add(block);
    }
    return Buffer.from(block, 0, length);
  }

  /** Keeps the body's block from reuse until `response` has closed. */
  keepWhileWriting(body: Buffer, response: ClosingResponse): void {
    const block = body.buffer as ArrayBuffer;
    if (!this.isPooled(body)) return;
    this.writing.set(block, (this.writing.get(block) ?? 0) + 1);
    response.once("close", () => this.written(block));
  }

  /**
   * The body is kept again (a list dropped and set again in the same turn): its block is not to be written again, as
   * if it had not been dropped.
   */
  keep(body: Buffer): void {
    const block = body.buffer as ArrayBuffer;
    this.dropped.delete(block);
    this.droppedWhileWriting.delete(block);
    if (!this.isFree.delete(block)) return;
    const free = this.free[block.byteLength / BODY_BLOCK_BYTES]!;
    free.splice(free.indexOf(block), 1);
    this.freeBytes -= block.byteLength;
  }

  /** The body's list is gone: its block may be written again once no answer is writing it, after this turn. */
  drop(body: Buffer): void {
    if (!this.isPooled(body)) return;
    this.dropped.add(body.buffer as ArrayBuffer);
    if (this.recycleScheduled) return;
    this.recycleScheduled = true;
    setImmediate(() => {
      this.recycleScheduled = false;
      for (const block of this.dropped) {
        if (this.writing.has(block)) this.droppedWhileWriting.add(block);
        else this.reuse(block);
      }
      this.dropped.clear();
    });
  }

  private written(block: ArrayBuffer): void {
    const answers = (this.writing.get(block) ?? 1) - 1;
    if (answers > 0) return void this.writing.set(block, answers);
    this.writing.delete(block);
    if (this.droppedWhileWriting.delete(block)) this.reuse(block);
  }

  private reuse(block: ArrayBuffer): void {
    if (this.isFree.has(block) || this.freeBytes + block.byteLength > this.maxFreeBytes) return;
    this.isFree.add(block);
    (this.free[block.byteLength / BODY_BLOCK_BYTES] ??= []).push(block);
    this.freeBytes += block.byteLength;
  }

  /** Whether the body is a whole block's start of this pool's making. */
  private isPooled(body: Buffer): boolean {
    return body.byteOffset === 0 && this.made.has(body.buffer as ArrayBuffer);
  }
}
