import {
  bindAccount,
  changeMobile,
  closeAccount,
  getAccountClosing,
  exportPersonalData,
  getPersonalDataEvents,
  getPlatformPower,
  PERSONAL_DATA_EXPORTS_PER_DAY,
  getUser,
  getUserApplyArchive,
  getWeChatBindUser,
  getWeChatConfig,
  realPersonVerify,
  getNotifySetting,
  relieveWeChatBind,
  saveNotifySetting,
  saveUserApplyArchive,
  updateHeadPortrait,
  updateLoginPwd,
} from '@portal/contracts';
import { tooManyRequests } from '../../domain/errors.js';
import * as accounts from '../../domain/accounts/users.js';
import { createAttemptLimiter, tooManyAttempts } from '../../platform/attempt-limiter.js';
import { accountStateChanged } from '../../domain/accounts/account-state.js';
import { endSessionsOfAccount } from '../../domain/accounts/sessions.js';
import { erasureDueAt } from '../../domain/accounts/closing.js';
import type { AppDeps } from '../../platform/deps.js';
import {
  listPersonalDataEvents,
  ownEvent,
  withPersonalDataEvent,
  type AuditTarget,
} from '../../domain/privacy/audit-trail.js';
import {
  EXPORT_TOO_OFTEN,
  exportPersonalData as exportCopy,
} from '../../domain/privacy/personal-data-export.js';
import { counterFor, countOrRefuse } from '../../platform/rate-limits.js';
import { route, type ServiceRoute } from '../route.js';
import { projectListRoutes } from './project-lists.js';

/** The old password of UpdateLoginPwd is counted and held back like a sign-in try of the number. */
function passwordTries(deps: AppDeps, address: string): accounts.PasswordTries {
  const limiter = createAttemptLimiter(deps.store);
  return {
    async start(mobile) {
      const wait = await limiter.startAttempt(mobile, address);
      if (wait > 0) throw tooManyRequests(tooManyAttempts(wait));
    },
    succeeded: (mobile) => limiter.succeeded(mobile, address),
  };
}

/** The candidate's own change of their data, recorded once made; a real-name check even when refused. */
const ownChange = <T>(
  deps: AppDeps,
  userId: number,
  clientIp: string,
  target: AuditTarget,
  action: 'change' | 'real-name-check',
  work: () => Promise<T>,
) =>
  withPersonalDataEvent(deps.db, ownEvent(userId, action, target, clientIp), deps.now, work, {
    recordRefusals: action === 'real-name-check',
  });

// A password or number change keeps the device that made it signed in and ends every other one.
const userRoutes: ServiceRoute[] = [
  route(getUser, async ({ requireUser, deps }) =>
    accounts.getProfile(deps.db, requireUser().userId),
  ),
  route(getUserApplyArchive, async ({ requireUser, deps }) =>
    accounts.getApplyArchive(deps, requireUser().userId),
  ),
  route(saveUserApplyArchive, async ({ input, requireUser, deps, clientIp }) => {
    const { userId } = requireUser();
    return ownChange(deps, userId, clientIp, 'archive', 'change', () =>
      accounts.saveApplyArchive(deps, userId, input.Values, deps.now()),
    );
  }),
  route(realPersonVerify, async ({ input, requireUser, deps, clientIp }) => {
    const { userId } = requireUser();
    return ownChange(deps, userId, clientIp, 'identity', 'real-name-check', () =>
      accounts.realPersonVerify(deps, userId, input.Name, input.IdNumber),
    );
  }),
  route(updateHeadPortrait, async ({ input, requireUser, deps, clientIp }) => {
    const { userId } = requireUser();
    return ownChange(deps, userId, clientIp, 'profile:HeadPortrait', 'change', () =>
      accounts.updateHeadPortrait(deps, userId, input.HeadPortrait),
    );
  }),
  route(updateLoginPwd, async ({ input, requireUser, deps, clientIp }) => {
    const { userId, sessionId } = requireUser();
    await accounts.updateLoginPassword(
      deps.db,
      userId,
      input.OldPassword,
      input.NewPassword,
      passwordTries(deps, clientIp),
    );
    await endSessionsOfAccount(deps, userId, { keep: sessionId });
    return null;
  }),
  route(getNotifySetting, async ({ requireUser, deps }) =>
    accounts.getNotifySetting(deps.db, requireUser().userId),
  ),
  route(saveNotifySetting, async ({ input, requireUser, deps }) =>
    accounts.saveNotifySetting(deps.db, requireUser().userId, input),
  ),
  route(relieveWeChatBind, async ({ requireUser, deps }) =>
    accounts.relieveWeChatBind(deps.db, requireUser().userId),
  ),
  route(changeMobile, async ({ input, requireUser, deps, clientIp }) => {
    const { userId, sessionId } = requireUser();
    const profile = await ownChange(deps, userId, clientIp, 'profile:Mobile', 'change', () =>
      accounts.changeMobile(
        deps,
        userId,
        { mobile: input.Mobile, verifyToken: input.VerifyToken, password: input.Password },
        passwordTries(deps, clientIp),
      ),
    );
    await endSessionsOfAccount(deps, userId, { keep: sessionId });
    return profile;
  }),
  route(getAccountClosing, async ({ requireUser, deps }) => {
    requireUser();
    const days = deps.config.accountErasureCoolingOffDays;
    return {
      CoolingOffDays: days,
      EraseTime: erasureDueAt(deps.now(), days).toISOString(),
    };
  }),
  route(closeAccount, async ({ input, requireUser, deps }) => {
    const { userId } = requireUser();
    await accounts.closeAccount(deps, userId, input.VerifyToken, deps.now());
    await accountStateChanged(deps, userId);
    await endSessionsOfAccount(deps, userId);
    return null;
  }),
  route(getPlatformPower, async ({ user }) => ({ Powers: accounts.platformPowers(user !== null) })),
];

// The rights of PIPL art. 45 and GB/T 35273 11.3: the person's own copy and who touched their data.
const personalDataRoutes: ServiceRoute[] = [
  route(getPersonalDataEvents, async ({ input, requireUser, deps }) =>
    listPersonalDataEvents(deps.db, requireUser().userId, input),
  ),
  route(exportPersonalData, async ({ requireUser, deps, clientIp }) => {
    const { userId } = requireUser();
    const exports = counterFor(deps.store, {
      name: 'personal-data-exports',
      points: PERSONAL_DATA_EXPORTS_PER_DAY,
      durationSeconds: 24 * 60 * 60,
    });
    await countOrRefuse(exports, String(userId), () => tooManyRequests(EXPORT_TOO_OFTEN));
    return withPersonalDataEvent(
      deps.db,
      ownEvent(userId, 'export', 'all', clientIp),
      deps.now,
      () => exportCopy(deps, userId, deps.now()),
    );
  }),
];

const weChatRoutes: ServiceRoute[] = [
  route(getWeChatConfig, async ({ input, requireUser, deps }) =>
    accounts.weChatAuthorizeConfig(deps, requireUser().userId, input.ReturnUrl, input.Way),
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

export const routes: ServiceRoute[] = [
  ...projectListRoutes,
  ...userRoutes,
  ...personalDataRoutes,
  ...weChatRoutes,
];
