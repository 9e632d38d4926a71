import { createHash } from 'node:crypto';
import type { WeChatAuthWay, WeChatUser } from '../../domain/ports.js';

const digest = (text: string) => createHash('sha256').update(text).digest('base64url');

/**
 * The sandbox's fake user, as WeChat would give them: the same nickname always gives the same
 * openid in one app (another in the other app) and one unionid across both.
 */
export function sandboxUser(
  app: { app: WeChatUser['app']; appId: string },
  nickName: string,
  way: WeChatAuthWay = app.app === 'website' ? 'qr' : 'userinfo',
): WeChatUser {
  return {
    app: app.app,
    openId: `o${digest(`${app.appId}:${nickName}`).slice(0, 27)}`,
    unionId: `u${digest(`sandbox-union:${nickName}`).slice(0, 27)}`,
    nickName: way === 'base' ? '' : nickName,
    headImgUrl: '',
  };
}
