import { createHash, randomBytes } from 'node:crypto';
import type { Language } from '@shared/contracts/languages';
import type { OpenIdTokenRequest } from '@shared/contracts/third-party';
import { and, eq, isNull } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { Actor, AppDeps } from '../../context';
import { oauthStates, users, wechatBindTickets } from '../../db/schema/index';
import { xmlField } from '../../integrations/wechat/wechat.client';
import { browserKeyHash, sameBrowser } from '../../lib/browser-key';
import { AppError } from '../../lib/errors';
import { findUserById } from '../accounts/accounts.service';
import { type LoginMeta, startSession } from '../auth/auth.service';
import { consumeCode, sendCode } from '../verification/verification.service';

const STATE_TTL_MS = 10 * 60 * 1000;
const BIND_TTL_SECONDS = 5 * 60;
/** A scan made before the code expired is still applied when its browser asks this soon after. */
const CONFIRM_GRACE_MS = 60 * 1000;
const hash = (value: string) => createHash('sha256').update(value).digest('hex');

function wechatOf(deps: Pick<AppDeps, 'wechat'>) {
  if (!deps.wechat) throw new AppError('THIRD_PARTY_FAILED');
  return deps.wechat;
}

/**
 * thirdPlatformList: the configured providers, each with a sign-in address carrying a fresh
 * single-use state, bound to the asking browser's key (its cookie): the sign-in completes only in
 * that browser.
 */
export async function thirdPlatforms(deps: AppDeps, _actor: null, input: { browserKey: string }) {
  if (!deps.wechat) return [];
  const state = randomBytes(18).toString('base64url');
  const now = deps.clock.now();
  await deps.db.insert(oauthStates).values({
    stateHash: hash(state),
    platform: 'wechat',
    browserHash: browserKeyHash(input.browserKey),
    createdAt: now,
    expiresAt: new Date(now.getTime() + STATE_TTL_MS),
  });
  const redirect = `${deps.config.publicUrl}/cmp/auth-redirect?platform=wechat`;
  return [{ platform: 'wechat' as const, authorizeUrl: deps.wechat.authorizeUrl(redirect, state) }];
}

/**
 * openId/token: signs in the account bound to the WeChat that approved the sign-in. The state
 * must be unused, unexpired and come back to the browser that asked for it (its key, from the
 * cookie): a code and state carried to another browser are refused there and change nothing (the
 * state stays usable in its own browser, the code is not exchanged).
 */
export async function loginWithWechat(
  deps: AppDeps,
  _actor: null,
  input: OpenIdTokenRequest & { meta: LoginMeta; browserKey: string | null },
) {
  const wechat = wechatOf(deps);
  const now = deps.clock.now();
  const stateHash = hash(input.state);
  const [found] = await deps.db
    .select()
    .from(oauthStates)
    .where(eq(oauthStates.stateHash, stateHash))
    .limit(1);
  if (!found || found.usedAt || found.expiresAt.getTime() <= now.getTime())
    throw new AppError('THIRD_PARTY_FAILED');
  if (!sameBrowser(input.browserKey, found.browserHash))
    throw new AppError('THIRD_PARTY_OTHER_BROWSER');
  const [state] = await deps.db
    .update(oauthStates)
    .set({ usedAt: now })
    .where(and(eq(oauthStates.stateHash, stateHash), isNull(oauthStates.usedAt)))
    .returning({ stateHash: oauthStates.stateHash });
  if (!state) throw new AppError('THIRD_PARTY_FAILED');
  const { openId } = await wechat.exchangeCode(input.code);
  const [user] = await deps.db.select().from(users).where(eq(users.wechatOpenId, openId)).limit(1);
  if (!user) throw new AppError('THIRD_PARTY_NOT_BOUND');
  return startSession(deps, null, { user, meta: input.meta });
}

/**
 * get/tempQrcode: a QR code that binds the WeChat scanning it to the signed-in account, once the
 * browser that asked for it (its key, from the cookie) sees the scan.
 */
export async function createBindQr(deps: AppDeps, actor: Actor, input: { browserKey: string }) {
  const wechat = wechatOf(deps);
  const sceneId = `bind_${randomBytes(12).toString('hex')}`;
  const now = deps.clock.now();
  await deps.db.insert(wechatBindTickets).values({
    sceneId,
    userId: actor.userId,
    browserHash: browserKeyHash(input.browserKey),
    createdAt: now,
    expiresAt: new Date(now.getTime() + BIND_TTL_SECONDS * 1000),
  });
  const qr = await wechat.createTempQr(sceneId, BIND_TTL_SECONDS, now.getTime());
  const qrImage = await QRCode.toDataURL(qr.url, {
    margin: 1,
    width: 240,
    errorCorrectionLevel: 'M',
  });
  return { sceneId, qrImage, scanUrl: qr.url, expiresInSeconds: BIND_TTL_SECONDS };
}

/**
 * Where a binding QR code stands, for the signed-in account that made it, asked by the browser
 * that made it (its key, from the cookie; another browser is refused and changes nothing). A scan
 * WeChat pushed is applied here: the scanner's WeChat is bound to the account, unless it was bound
 * to another account meanwhile.
 */
export async function bindStatus(
  deps: AppDeps,
  actor: Actor,
  input: { sceneId: string; browserKey: string | null },
) {
  const [ticket] = await deps.db
    .select()
    .from(wechatBindTickets)
    .where(
      and(eq(wechatBindTickets.sceneId, input.sceneId), eq(wechatBindTickets.userId, actor.userId)),
    )
    .limit(1);
  if (!ticket) throw new AppError('RECORD_NOT_FOUND');
  if (!sameBrowser(input.browserKey, ticket.browserHash))
    throw new AppError('WECHAT_BIND_OTHER_BROWSER');
  if (ticket.outcome) return { status: ticket.outcome };
  const now = deps.clock.now();
  if (ticket.scannedOpenId && now.getTime() <= ticket.expiresAt.getTime() + CONFIRM_GRACE_MS)
    return { status: await applyScan(deps, ticket, ticket.scannedOpenId, now) };
  if (ticket.expiresAt.getTime() <= now.getTime()) return { status: 'expired' as const };
  return { status: 'pending' as const };
}

/** Binds the scanned WeChat to the ticket's account, unless another account holds it by now. */
async function applyScan(
  deps: AppDeps,
  ticket: typeof wechatBindTickets.$inferSelect,
  openId: string,
  now: Date,
): Promise<'bound' | 'taken'> {
  return deps.db.transaction(async (tx) => {
    const [holder] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.wechatOpenId, openId))
      .limit(1);
    const outcome = holder && holder.id !== ticket.userId ? 'taken' : 'bound';
    const [claimed] = await tx
      .update(wechatBindTickets)
      .set({ outcome })
      .where(and(eq(wechatBindTickets.sceneId, ticket.sceneId), isNull(wechatBindTickets.outcome)))
      .returning({ outcome: wechatBindTickets.outcome });
    // A poll at the same moment applied it already.
    if (!claimed) {
      const [current] = await tx
        .select({ outcome: wechatBindTickets.outcome })
        .from(wechatBindTickets)
        .where(eq(wechatBindTickets.sceneId, ticket.sceneId));
      return current?.outcome ?? outcome;
    }
    if (outcome === 'bound')
      await tx
        .update(users)
        .set({
          wechatOpenId: openId,
          wechatNickname: ticket.scannedNickname,
          wechatBoundAt: now,
          updatedAt: now,
        })
        .where(eq(users.id, ticket.userId));
    return outcome;
  });
}

/**
 * An event WeChat pushed (signature already checked): the first scan of a binding QR code is kept
 * on its ticket for the browser that made the code (bindStatus applies it), unless that WeChat is
 * bound to another account. No actor: WeChat pushes the event, and the binding ticket it names says
 * whose account binds.
 */
export async function handleWechatEvent(deps: AppDeps, _actor: null, xml: string): Promise<void> {
  const event = xmlField(xml, 'Event');
  const openId = xmlField(xml, 'FromUserName');
  const key = xmlField(xml, 'EventKey') ?? '';
  if (!openId || (event !== 'SCAN' && event !== 'subscribe')) return;
  const sceneId = key.replace(/^qrscene_/, '');
  const now = deps.clock.now();
  const [ticket] = await deps.db
    .select()
    .from(wechatBindTickets)
    .where(eq(wechatBindTickets.sceneId, sceneId))
    .limit(1);
  if (!ticket || ticket.outcome || ticket.expiresAt.getTime() <= now.getTime()) return;
  const [holder] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.wechatOpenId, openId))
    .limit(1);
  if (holder && holder.id !== ticket.userId) {
    await deps.db
      .update(wechatBindTickets)
      .set({ outcome: 'taken', scannedAt: now })
      .where(and(eq(wechatBindTickets.sceneId, sceneId), isNull(wechatBindTickets.outcome)));
    return;
  }
  const nickname = await wechatOf(deps).followerNickname(openId, now.getTime());
  await deps.db
    .update(wechatBindTickets)
    .set({ scannedOpenId: openId, scannedNickname: nickname, scannedAt: now })
    .where(
      and(
        eq(wechatBindTickets.sceneId, sceneId),
        isNull(wechatBindTickets.outcome),
        // The first scan is the one applied; a later one replaces nothing.
        isNull(wechatBindTickets.scannedOpenId),
      ),
    );
}

/** Sends the e-mail code that confirms unbinding to the signed-in account's address. */
export async function sendUnbindCode(deps: AppDeps, actor: Actor, input: { language: Language }) {
  const user = await findUserById(deps, null, actor.userId);
  if (!user.wechatOpenId) throw new AppError('WECHAT_NOT_BOUND');
  if (!user.email) throw new AppError('PERMISSION_DENIED');
  return sendCode(deps, null, {
    email: user.email,
    purpose: 'unbindWechat',
    language: input.language,
  });
}

/** bind/unboundWechatCode: unbinds WeChat once the e-mail code checks out. */
export async function unbindWechat(deps: AppDeps, actor: Actor, code: string): Promise<void> {
  const user = await findUserById(deps, null, actor.userId);
  if (!user.wechatOpenId) throw new AppError('WECHAT_NOT_BOUND');
  if (!user.email) throw new AppError('PERMISSION_DENIED');
  await consumeCode(deps, null, { email: user.email, purpose: 'unbindWechat', code });
  await deps.db
    .update(users)
    .set({
      wechatOpenId: null,
      wechatNickname: null,
      wechatBoundAt: null,
      updatedAt: deps.clock.now(),
    })
    .where(eq(users.id, actor.userId));
}
