import { createHash, randomBytes } from 'node:crypto';
import type { Language } from '@shared/contracts/languages';
import type { OpenIdTokenRequest } from '@shared/contracts/third-party';
import { and, eq, isNull } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { Actor, AppDeps } from '../../context';
import { oauthStates, users, wechatBindTickets } from '../../db/schema/index';
import { xmlField } from '../../integrations/wechat/wechat.client';
import { AppError } from '../../lib/errors';
import { findUserById } from '../accounts/accounts.service';
import { type LoginMeta, startSession } from '../auth/auth.service';
import { consumeCode, sendCode } from '../verification/verification.service';

const STATE_TTL_MS = 10 * 60 * 1000;
const BIND_TTL_SECONDS = 5 * 60;
const hash = (value: string) => createHash('sha256').update(value).digest('hex');

function wechatOf(deps: Pick<AppDeps, 'wechat'>) {
  if (!deps.wechat) throw new AppError('THIRD_PARTY_FAILED');
  return deps.wechat;
}

/** thirdPlatformList: the configured providers, each with a sign-in address carrying a fresh single-use state. */
export async function thirdPlatforms(deps: AppDeps, _actor: null) {
  if (!deps.wechat) return [];
  const state = randomBytes(18).toString('base64url');
  const now = deps.clock.now();
  await deps.db.insert(oauthStates).values({
    stateHash: hash(state),
    platform: 'wechat',
    createdAt: now,
    expiresAt: new Date(now.getTime() + STATE_TTL_MS),
  });
  const redirect = `${deps.config.publicUrl}/cmp/auth-redirect?platform=wechat`;
  return [{ platform: 'wechat' as const, authorizeUrl: deps.wechat.authorizeUrl(redirect, state) }];
}

/** openId/token: signs in the account bound to the WeChat that approved the sign-in. */
export async function loginWithWechat(
  deps: AppDeps,
  _actor: null,
  input: OpenIdTokenRequest & { meta: LoginMeta },
) {
  const wechat = wechatOf(deps);
  const now = deps.clock.now();
  const [state] = await deps.db
    .update(oauthStates)
    .set({ usedAt: now })
    .where(and(eq(oauthStates.stateHash, hash(input.state)), isNull(oauthStates.usedAt)))
    .returning({ expiresAt: oauthStates.expiresAt });
  if (!state || state.expiresAt.getTime() <= now.getTime())
    throw new AppError('THIRD_PARTY_FAILED');
  const { openId } = await wechat.exchangeCode(input.code);
  const [user] = await deps.db.select().from(users).where(eq(users.wechatOpenId, openId)).limit(1);
  if (!user) throw new AppError('THIRD_PARTY_NOT_BOUND');
  return startSession(deps, null, { user, meta: input.meta });
}

/** get/tempQrcode: a QR code that binds the WeChat scanning it to the signed-in account. */
export async function createBindQr(deps: AppDeps, actor: Actor) {
  const wechat = wechatOf(deps);
  const sceneId = `bind_${randomBytes(12).toString('hex')}`;
  const now = deps.clock.now();
  await deps.db.insert(wechatBindTickets).values({
    sceneId,
    userId: actor.userId,
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

/** Where a binding QR code stands, for the signed-in account that made it. */
export async function bindStatus(deps: AppDeps, actor: Actor, sceneId: string) {
  const [ticket] = await deps.db
    .select()
    .from(wechatBindTickets)
    .where(and(eq(wechatBindTickets.sceneId, sceneId), eq(wechatBindTickets.userId, actor.userId)))
    .limit(1);
  if (!ticket) throw new AppError('RECORD_NOT_FOUND');
  if (ticket.outcome) return { status: ticket.outcome };
  if (ticket.expiresAt.getTime() <= deps.clock.now().getTime())
    return { status: 'expired' as const };
  return { status: 'pending' as const };
}

/**
 * An event WeChat pushed (signature already checked): a scan of a binding QR code binds the
 * scanner's WeChat to the account that made the code, unless that WeChat is bound elsewhere.
 */
/** No actor: WeChat pushes the event, and the binding ticket it names says whose account binds. */
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
      .where(eq(wechatBindTickets.sceneId, sceneId));
    return;
  }
  const nickname = await wechatOf(deps).followerNickname(openId, now.getTime());
  await deps.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ wechatOpenId: openId, wechatNickname: nickname, wechatBoundAt: now, updatedAt: now })
      .where(eq(users.id, ticket.userId));
    await tx
      .update(wechatBindTickets)
      .set({ outcome: 'bound', scannedAt: now })
      .where(eq(wechatBindTickets.sceneId, sceneId));
  });
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
