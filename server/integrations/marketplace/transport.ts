import type { Platform } from '@shared/contracts/shops';
import { MarketplaceError } from './marketplace.errors';

/** One attempt's request, built afresh for each attempt (a new timestamp and signature each time). */
interface BuiltRequest {
  url: string;
  init: RequestInit;
}

/** What the platform answered: the HTTP status, headers and the parsed JSON body (null if none). */
export interface PlatformAnswer {
  status: number;
  headers: Headers;
  body: unknown;
}

export interface SendInput<T> {
  platform: Platform;
  /** The per-shop rate limit applies under this key (our shop id); null for calls outside a shop. */
  shopKey: string | null;
  build(): BuiltRequest;
  /**
   * Reads the answer the platform's way: returns the result, or throws a MarketplaceError (with
   * `retryable` set for the platform's own rate-limit and busy codes).
   */
  read(answer: PlatformAnswer): T;
  signal?: AbortSignal | undefined;
}

export interface TransportOptions {
  fetch: typeof fetch;
  /** Attempts in all, the first included (default 4). */
  maxAttempts?: number;
  /** Backoff: the n-th retry waits a random time in [0, min(capMs, baseMs * 2^n)] (full jitter). */
  baseMs?: number;
  capMs?: number;
  /** A Retry-After longer than this is not waited for: the call fails at once (default 30 s). */
  maxRetryAfterMs?: number;
  /** Per-attempt timeout (default 20 s). */
  timeoutMs?: number;
  /** Calls per second per shop, below each platform's published limit. */
  ratePerSecond?: Partial<Record<Platform, number>>;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
  now?: () => number;
}

/**
 * Our per-shop limits: TikTok Shop publishes 50 QPS per API per shop; Lazada and Shopee publish no
 * number (Lazada bans for a second on "ApiCallLimit"), so we stay well below.
 */
const DEFAULT_RATES: Record<Platform, number> = { lazada: 5, shopee: 5, tiktok: 20 };

function abortError(signal: AbortSignal | undefined): unknown {
  return signal?.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

export function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError(signal));
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError(signal));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Retry-After in seconds or as an HTTP date, in milliseconds from now; null when absent or unreadable. */
function retryAfterMs(headers: Headers, now: number): number | null {
  const value = headers.get('retry-after');
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/**
 * A token bucket per key: `rate` calls a second, bursts up to `rate`. Waiting callers are served in
 * order. One process keeps one bucket per shop; the sync engine claims a shop in one process at a
 * time, so a shop's sync traffic stays under the limit.
 */
function createRateLimiter(options: {
  now: () => number;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
}) {
  const buckets = new Map<string, { tokens: number; at: number; queue: Promise<void> }>();
  return {
    async acquire(key: string, rate: number, signal?: AbortSignal): Promise<void> {
      const bucket = buckets.get(key) ?? {
        tokens: rate,
        at: options.now(),
        queue: Promise.resolve(),
      };
      buckets.set(key, bucket);
      const turn = bucket.queue.then(async () => {
        const now = options.now();
        bucket.tokens = Math.min(rate, bucket.tokens + ((now - bucket.at) / 1000) * rate);
        bucket.at = now;
        if (bucket.tokens < 1) {
          const wait = Math.ceil(((1 - bucket.tokens) / rate) * 1000);
          await options.sleep(wait, signal);
          bucket.tokens = 1;
          bucket.at = options.now();
        }
        bucket.tokens -= 1;
      });
      bucket.queue = turn.catch(() => undefined);
      await turn;
    },
  };
}

export type Transport = ReturnType<typeof createTransport>;

/**
 * How every marketplace call goes out: under the shop's rate limit, with a timeout, and retried
 * only when worth it (HTTP 429, 5xx, timeouts and network failures, and the platforms' own
 * rate-limit and busy codes) with full-jitter exponential backoff, honouring Retry-After, for a
 * bounded number of attempts. The last failure is thrown as a MarketplaceError.
 */
export function createTransport(options: TransportOptions) {
  const maxAttempts = options.maxAttempts ?? 4;
  const baseMs = options.baseMs ?? 250;
  const capMs = options.capMs ?? 8000;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 30_000;
  const timeoutMs = options.timeoutMs ?? 20_000;
  const sleep = options.sleep ?? defaultSleep;
  const random = options.random ?? Math.random;
  const now = options.now ?? Date.now;
  const rates = { ...DEFAULT_RATES, ...options.ratePerSecond };
  const limiter = createRateLimiter({ now, sleep });

  async function attempt<T>(input: SendInput<T>): Promise<T> {
    const request = input.build();
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = input.signal ? AbortSignal.any([input.signal, timeout]) : timeout;
    let response: Response;
    try {
      response = await options.fetch(request.url, { ...request.init, signal });
    } catch (cause) {
      if (input.signal?.aborted) throw abortError(input.signal);
      const timedOut = timeout.aborted;
      throw new MarketplaceError({
        platform: input.platform,
        failure: 'unavailable',
        platformCode: timedOut ? 'timeout' : 'network',
        platformMessage: timedOut ? `no answer in ${timeoutMs} ms` : String(cause),
        retryable: true,
        cause,
      });
    }
    const text = await response.text().catch(() => '');
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    const answer = { status: response.status, headers: response.headers, body };
    if (response.status === 429 || response.status >= 500) {
      // The platform's own error in the body is kept when there is one; the HTTP status decides retrying.
      let known: MarketplaceError | null = null;
      try {
        input.read(answer);
      } catch (error) {
        if (error instanceof MarketplaceError) known = error;
      }
      throw new MarketplaceError({
        platform: input.platform,
        failure: response.status === 429 ? 'rateLimited' : 'unavailable',
        platformCode: known?.platformCode ?? `HTTP ${response.status}`,
        platformMessage: known?.platformMessage ?? text.slice(0, 200),
        retryable: true,
        retryAfterMs: retryAfterMs(response.headers, now()),
        responseStatus: response.status,
      });
    }
    return input.read(answer);
  }

  return {
    async send<T>(input: SendInput<T>): Promise<T> {
      for (let n = 1; ; n += 1) {
        if (input.shopKey)
          await limiter.acquire(
            `${input.platform}:${input.shopKey}`,
            rates[input.platform],
            input.signal,
          );
        try {
          return await attempt(input);
        } catch (error) {
          if (!(error instanceof MarketplaceError) || !error.retryable || n >= maxAttempts)
            throw error;
          const jitter = random() * Math.min(capMs, baseMs * 2 ** (n - 1));
          const asked = error.retryAfterMs;
          if (asked !== null && asked > maxRetryAfterMs) throw error;
          await sleep(Math.max(jitter, asked ?? 0), input.signal);
        }
      }
    },
  };
}
