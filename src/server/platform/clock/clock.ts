/** The server's notion of "now". Services take it as a dependency so tests (and e2e runs) can move time. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that runs with real time but can be shifted forward; used by tests and the e2e test-clock route. */
export class AdjustableClock implements Clock {
  private offsetMs = 0;
  private frozenAt: number | undefined;

  constructor(start?: Date) {
    if (start) this.frozenAt = start.getTime();
  }

  now(): Date {
    return new Date((this.frozenAt ?? Date.now()) + this.offsetMs);
  }

  advance(ms: number): Date {
    this.offsetMs += ms;
    return this.now();
  }

  set(date: Date): void {
    this.frozenAt = date.getTime();
    this.offsetMs = 0;
  }
}
