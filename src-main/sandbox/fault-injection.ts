// Deliberate failures for tests and drills, all off by default. Decisions come from a seeded PRNG
// so a drill is reproducible.

export interface FaultInjection {
  latencyMs: number;
  jitterMs: number;
  /** Share of requests answered with HTTP 503 and no body. */
  failRate: number;
  /** Share answered with a Server/Receiver fault. */
  faultRate: number;
  /** Requests per second allowed before the throttling fault; 0 = unlimited. */
  throttlePerSecond: number;
  /** Share of responses whose body is cut short. */
  truncateRate: number;
  /**
   * Share of requests never answered: the connection stays open and silent until the client gives up (a network
   * that drops packets without refusing, as a dead Wi-Fi or a VPN does).
   */
  silentRate: number;
}

export const NO_FAULTS: FaultInjection = {
  latencyMs: 0,
  jitterMs: 0,
  failRate: 0,
  faultRate: 0,
  throttlePerSecond: 0,
  truncateRate: 0,
  silentRate: 0,
};

export type Injected = 'fail' | 'fault' | 'throttle' | 'truncate' | 'silent' | undefined;

function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class FaultInjector {
  private readonly random: () => number;
  private windowStart = 0;
  private windowCount = 0;

  constructor(
    private readonly config: FaultInjection,
    seed: number,
    private readonly clock: () => number = Date.now,
  ) {
    this.random = seededRandom(seed ^ 0x5eed);
  }

  delayMs(): number {
    const { latencyMs, jitterMs } = this.config;
    if (latencyMs <= 0 && jitterMs <= 0) return 0;
    return Math.max(0, latencyMs + (jitterMs > 0 ? (this.random() * 2 - 1) * jitterMs : 0));
  }

  /** What to do to this request, decided before it is handled. */
  decide(): Injected {
    const c = this.config;
    if (c.throttlePerSecond > 0) {
      const now = this.clock();
      if (now - this.windowStart >= 1000) {
        this.windowStart = now;
        this.windowCount = 0;
      }
      if (++this.windowCount > c.throttlePerSecond) return 'throttle';
    }
    if (c.silentRate > 0 && this.random() < c.silentRate) return 'silent';
    if (c.failRate > 0 && this.random() < c.failRate) return 'fail';
    if (c.faultRate > 0 && this.random() < c.faultRate) return 'fault';
    if (c.truncateRate > 0 && this.random() < c.truncateRate) return 'truncate';
    return undefined;
  }
}
