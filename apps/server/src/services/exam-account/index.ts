import {
  bindAccount,
  changeMobile,
  closeAccount,
  getPlatformPower,
  getUser,
  getUserApplyArchive,
  getWeChatBindUser,
  getWeChatConfig,
  realPersonVerify,
  relieveWeChatBind,
  saveUserApplyArchive,
  updateHeadPortrait,
  updateLoginPwd,
} from '@portal/contracts';
import * as accounts from '../../domain/users.js';
import { route, type ServiceRoute } from '../route.js';
import { projectListRoutes } from './project-lists.js';

const userRoutes: ServiceRoute[] = [
  route(getUser, async ({ requireUser, deps }) =>
    accounts.getProfile(deps.db, requireUser().userId),
  ),
  route(getUserApplyArchive, async ({ requireUser, deps }) =>
    accounts.getApplyArchive(deps, requireUser().userId),
  ),
  route(saveUserApplyArchive, async ({ input, requireUser, deps }) =>
    accounts.saveApplyArchive(deps, requireUser().userId, input.Values, deps.now()),
  ),
  route(realPersonVerify, async ({ input, requireUser, deps }) =>
    accounts.realPersonVerify(deps.db, requireUser().userId, input.Name, input.IdNumber),
  ),
  route(updateHeadPortrait, async ({ input, requireUser, deps }) =>
    accounts.updateHeadPortrait(deps, requireUser().userId, input.HeadPortrait),
  ),
  route(updateLoginPwd, async ({ input, requireUser, deps }) => {
    await accounts.updateLoginPassword(
      deps.db,
      requireUser().userId,
      input.OldPassword,
      input.NewPassword,
    );
    return null;
  }),
  route(relieveWeChatBind, async ({ requireUser, deps }) =>
    accounts.relieveWeChatBind(deps.db, requireUser().userId),
  ),
  route(changeMobile, async ({ input, requireUser, deps }) =>
    accounts.changeMobile(deps, requireUser().userId, input.Mobile, input.VerifyToken),
  ),
  route(closeAccount, async ({ input, requireUser, deps }) => {
    await accounts.closeAccount(deps, requireUser().userId, input.VerifyToken, deps.now());
    return null;
  }),
  route(getPlatformPower, async ({ user }) => ({ Powers: accounts.platformPowers(user !== null) })),
];

const weChatRoutes: ServiceRoute[] = [
  route(getWeChatConfig, async ({ input, requireUser, deps }) =>
    accounts.weChatAuthorizeConfig(deps, requireUser().userId, input.ReturnUrl),
  ),
  route(getWeChatBindUser, async ({ requireUser, deps }) =>
    accounts.getWeChatBindUser(deps.db, requireUser().userId),
  ),
  route(bindAccount, async ({ input, requireUser, deps }) =>
    accounts.bindWeChat(
      deps,
      requireUser().userId,
      { code: input.Code, state: input.State },
      deps.now(),
    ),
  ),
];

export const routes: ServiceRoute[] = [...projectListRoutes, ...userRoutes, ...weChatRoutes];
