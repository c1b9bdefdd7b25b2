import { sandboxMarketplaces } from '@server/integrations/marketplace/marketplace.config';
import { MarketplaceError } from '@server/integrations/marketplace/marketplace.errors';
import { createTransport, type PlatformAnswer } from '@server/integrations/marketplace/transport';
import { createShopeeClient } from '@server/integrations/shopee/shopee.client';
import { translator } from '@server/lib/i18n';
import { describe, expect, it } from 'vitest';

const ok = new Response(JSON.stringify({ error: '', response: { value: 1 } }), {
  headers: { 'content-type': 'application/json' },
});

/** A platform that answers from a script: one entry per call, the last one repeated. */
function scripted(answers: Array<() => Response | Promise<Response>>) {
  const calls: string[] = [];
  const fetcher = (async (input: RequestInfo | URL) => {
    calls.push(String(input));
    const next = answers[Math.min(calls.length - 1, answers.length - 1)];
    if (!next) throw new Error('no answer');
    return next();
  }) as typeof fetch;
  return { fetcher, calls };
}

const busy =
  (status: number, headers: Record<string, string> = {}) =>
  () =>
    new Response(JSON.stringify({ error: 'error_system_busy', message: 'busy' }), {
      status,
      headers,
    });

function readShopee(answer: PlatformAnswer) {
  const body = answer.body as { error?: string; message?: string; response?: unknown };
  if (body?.error)
    throw new MarketplaceError({
      platform: 'shopee',
      failure: body.error === 'error_sign' ? 'signature' : 'request',
      platformCode: body.error,
      platformMessage: body.message ?? '',
    });
  return body.response;
}

function transport(
  fetcher: typeof fetch,
  extra: Parameters<typeof createTransport>[0] extends infer O ? Partial<O> : never = {},
) {
  const sleeps: number[] = [];
  const send = createTransport({
    fetch: fetcher,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    random: () => 1,
    ...extra,
  });
  return { send, sleeps };
}

const request = { url: 'http://platform.test/api', init: { method: 'GET' } };

describe('calls to the platforms', () => {
  it('retries 429 and 5xx with full-jitter backoff, then succeeds', async () => {
    const { fetcher, calls } = scripted([busy(429), busy(502), busy(503), () => ok.clone()]);
    const { send, sleeps } = transport(fetcher);
    const result = await send.send({
      platform: 'shopee',
      shopKey: 's1',
      build: () => request,
      read: readShopee,
    });
    expect(result).toEqual({ value: 1 });
    expect(calls).toHaveLength(4);
    // random() = 1: the top of each window, doubling from the base.
    expect(sleeps).toEqual([250, 500, 1000]);
  });

  it('draws each wait at random below the window', async () => {
    const { fetcher } = scripted([busy(503), busy(503), () => ok.clone()]);
    const { send, sleeps } = transport(fetcher, { random: () => 0.25 });
    await send.send({ platform: 'shopee', shopKey: null, build: () => request, read: readShopee });
    expect(sleeps).toEqual([62.5, 125]);
  });

  it('waits as long as Retry-After asks', async () => {
    const { fetcher } = scripted([busy(429, { 'retry-after': '3' }), () => ok.clone()]);
    const { send, sleeps } = transport(fetcher);
    await send.send({ platform: 'shopee', shopKey: null, build: () => request, read: readShopee });
    expect(sleeps).toEqual([3000]);
  });

  it('gives up after a bounded number of attempts with a translated message keeping the code', async () => {
    const { fetcher, calls } = scripted([busy(503)]);
    const { send } = transport(fetcher);
    const error = await send
      .send({ platform: 'shopee', shopKey: null, build: () => request, read: readShopee })
      .catch((e: unknown) => e);
    expect(calls).toHaveLength(4);
    expect(error).toBeInstanceOf(MarketplaceError);
    const failure = error as MarketplaceError;
    expect(failure).toMatchObject({
      key: 'PLATFORM_UNAVAILABLE',
      platformCode: 'error_system_busy',
      retryable: true,
    });
    expect(translator('th').error(failure.key, failure.params)).toContain('Shopee');
    expect(translator('zh').error(failure.key, failure.params)).toContain('error_system_busy');
  });

  it('does not wait for a Retry-After longer than it may, and never retries a refusal', async () => {
    const long = scripted([busy(429, { 'retry-after': '600' })]);
    const first = await transport(long.fetcher)
      .send.send({ platform: 'shopee', shopKey: null, build: () => request, read: readShopee })
      .catch((e: unknown) => e);
    expect(long.calls).toHaveLength(1);
    expect(first).toMatchObject({ key: 'PLATFORM_RATE_LIMITED' });

    const refused = scripted([
      () =>
        new Response(JSON.stringify({ error: 'error_sign', message: 'Wrong sign' }), {
          status: 403,
        }),
    ]);
    const second = await transport(refused.fetcher)
      .send.send({ platform: 'shopee', shopKey: null, build: () => request, read: readShopee })
      .catch((e: unknown) => e);
    expect(refused.calls).toHaveLength(1);
    expect(second).toMatchObject({
      key: 'PLATFORM_SIGNATURE_REJECTED',
      platformCode: 'error_sign',
    });
  });

  it('times a silent platform out and retries it', async () => {
    const hang = (async (_input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      })) as typeof fetch;
    const { send, sleeps } = transport(hang, { timeoutMs: 30, maxAttempts: 2 });
    const error = await send
      .send({ platform: 'tiktok', shopKey: null, build: () => request, read: readShopee })
      .catch((e: unknown) => e);
    expect(sleeps).toHaveLength(1);
    expect(error).toMatchObject({ key: 'PLATFORM_UNAVAILABLE', platformCode: 'timeout' });
  });

  it('keeps each shop under its rate', async () => {
    let now = 0;
    const sleeps: number[] = [];
    const send = createTransport({
      fetch: (async () => ok.clone()) as typeof fetch,
      now: () => now,
      sleep: async (ms) => {
        sleeps.push(ms);
        now += ms;
      },
      ratePerSecond: { lazada: 2 },
    });
    const call = (shopKey: string) =>
      send.send({ platform: 'lazada', shopKey, build: () => request, read: readShopee });
    await call('a');
    await call('a');
    expect(sleeps).toEqual([]);
    await call('a');
    expect(sleeps).toEqual([500]);
    // Another shop has its own allowance.
    await call('b');
    expect(sleeps).toEqual([500]);
  });

  it('a real client retries a rate-limited platform answer and a 5xx, then reads the sandbox answer', async () => {
    const config = sandboxMarketplaces('http://sandbox.test').shopee;
    let served = 0;
    const fetcher = (async () => {
      served += 1;
      if (served === 1) return busy(429)();
      if (served === 2) return busy(500)();
      // The authorization link needs no call; a token exchange with a bad code reaches the "platform".
      return new Response(
        JSON.stringify({ error: 'error_auth', message: 'Invalid code', request_id: 'r1' }),
        {
          status: 200,
          headers: { 'content-type': 'application/json' },
        },
      );
    }) as typeof fetch;
    const client = createShopeeClient(config, {
      transport: createTransport({ fetch: fetcher, sleep: async () => {} }),
      now: () => new Date(),
    });
    const error = await client
      .exchangeCode({ code: 'used', shopId: '1', redirectUri: 'http://app.test/cb' })
      .catch((e: unknown) => e);
    expect(served).toBe(3);
    expect(error).toMatchObject({ key: 'PLATFORM_CODE_INVALID', platformCode: 'error_auth' });
  });
});
