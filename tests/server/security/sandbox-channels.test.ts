import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { planChannels, StartRefused, sandboxAllowed } from '@server/channels';
import { readEnv } from '@server/env';
import { ALL_CREDENTIALS, CHANNEL_NAMES } from '@tests/support/channel-credentials';
import { describe, expect, it } from 'vitest';

/**
 * The sandbox is a development tool: it runs only where SANDBOX=1 (the default of the embedded
 * database, never implied by DATABASE_URL), and a server with a channel that has neither
 * credentials nor the sandbox does not start (decisions.md, "Marketplaces and payments, without
 * the internet").
 */
const readText = (path: string) => readFileSync(path, 'utf8');
const plan = (vars: Record<string, string>) => planChannels(readEnv(vars), readText);
const refusal = (vars: Record<string, string>) => {
  try {
    plan(vars);
  } catch (error) {
    expect(error).toBeInstanceOf(StartRefused);
    return (error as Error).message;
  }
  throw new Error('the start was not refused');
};
const POSTGRES = 'postgres://cmp:cmp@db.invalid:5432/cmp';

describe('where the sandbox may run', () => {
  it('is SANDBOX=1, the default of the embedded database and never of DATABASE_URL', () => {
    expect(sandboxAllowed({})).toBe(true);
    expect(sandboxAllowed({ SANDBOX: '0' })).toBe(false);
    expect(sandboxAllowed({ DATABASE_URL: POSTGRES })).toBe(false);
    expect(sandboxAllowed({ DATABASE_URL: POSTGRES, SANDBOX: '1' })).toBe(true);
  });

  it('plays every channel on loopback for npm start on the embedded database', () => {
    const channels = plan({ PORT: '8080' });
    expect(channels.sandbox).toEqual({
      port: 8081,
      url: 'http://localhost:8081',
      plays: CHANNEL_NAMES,
    });
    expect(channels.payments.sandbox?.payerUrl).toBe('http://localhost:8081/pay');
    expect(channels.wechat.openBase).toBe('http://localhost:8081');
    expect(channels.mainSite?.home).toBe('http://localhost:8081/main-site/');
  });

  it('plays only the channels without credentials, and none where all have them', () => {
    const some = plan({
      LAZADA_APP_KEY: ALL_CREDENTIALS.LAZADA_APP_KEY,
      LAZADA_APP_SECRET: ALL_CREDENTIALS.LAZADA_APP_SECRET,
      PROMPTPAY_BILLER_ID: ALL_CREDENTIALS.PROMPTPAY_BILLER_ID,
      PROMPTPAY_WEBHOOK_SECRET: ALL_CREDENTIALS.PROMPTPAY_WEBHOOK_SECRET,
    });
    expect(some.sandbox?.plays).toEqual(
      CHANNEL_NAMES.filter((name) => name !== 'Lazada' && name !== 'PromptPay'),
    );
    expect(some.marketplaces.lazada.authorizeBase).toBe('https://auth.lazada.com');
    expect(some.payments.played).toEqual({ wechat: true, alipay: true, promptpay: false });

    const real = plan({ ...ALL_CREDENTIALS, DATABASE_URL: POSTGRES });
    expect(real.sandbox).toBeNull();
    expect(real.payments.sandbox).toBeNull();
    expect(real.marketplaces.sandbox).toEqual({ lazada: false, shopee: false, tiktok: false });
    expect(real.wechat.openBase).toBe('https://open.weixin.qq.com');
    // The main site's stand-in is the sandbox's: without it, only MAIN_SITE_URL shows one.
    expect(real.mainSite).toBeNull();
    expect(
      plan({ ...ALL_CREDENTIALS, MAIN_SITE_URL: 'https://www.example.com' }).mainSite?.home,
    ).toBe('https://www.example.com/');
  });

  it('refuses DATABASE_URL without credentials, naming every channel in one message', () => {
    const message = refusal({ DATABASE_URL: POSTGRES });
    for (const name of CHANNEL_NAMES) expect(message).toContain(`${name}: no credentials`);
    expect(message).toContain('SANDBOX=1');
    // The embedded database with the sandbox turned off, and one channel missing.
    const { TIKTOK_APP_KEY: _key, ...withoutTiktokKey } = ALL_CREDENTIALS;
    expect(refusal({ SANDBOX: '0' })).toContain('Alipay: no credentials');
    const one = refusal({ ...withoutTiktokKey, DATABASE_URL: POSTGRES });
    expect(one).toContain('TikTok Shop: set TIKTOK_APP_KEY too');
    expect(one).not.toContain('Lazada');
  });

  it('refuses a channel with only some of its variables, sandbox or not', () => {
    const message = refusal({ SHOPEE_PARTNER_ID: '2000123', WECHAT_APP_ID: 'wx0123456789' });
    expect(message).toContain('Shopee: set SHOPEE_PARTNER_KEY too, or none of its variables');
    expect(message).toContain('WeChat sign-in: set WECHAT_APP_SECRET, WECHAT_TOKEN too');
    expect(message).not.toContain('Lazada');
  });
});

describe('the server started without credentials on PostgreSQL', () => {
  it('does not start, names every channel, and never opens the database', async () => {
    // The database's host does not exist: a server that went as far as the database would fail
    // with a connection error instead of the channels.
    const { DATABASE_URL: _ignored, SANDBOX: _sandbox, ...inherited } = process.env;
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
      env: { ...inherited, DATABASE_URL: POSTGRES, PORT: '0', LOG_LEVEL: 'error' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toContain('The server cannot start.');
    for (const name of CHANNEL_NAMES) expect(stderr).toContain(`${name}: no credentials`);
    expect(stderr).not.toMatch(/ENOTFOUND|ECONNREFUSED|db\.invalid|\n\s+at /);
  }, 120_000);
});
