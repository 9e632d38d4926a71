import {
  follow,
  getProject,
  getProjectList,
  getProjectOpenAsk,
  getProjectPosition,
  getProjectUserAsk,
  submitAsk,
} from '@portal/contracts';
import {
  followProject,
  getProjectDetail,
  listOpenQuestions,
  listPositions,
  listProjects,
  listUserQuestions,
  submitQuestion,
} from '../../domain/projects/projects.js';
import { tenantIdFor } from '../../domain/sites/tenants.js';
import { PUBLIC_READ, route, SHARED_READ, type ServiceRoute } from '../route.js';

/** Project/ calls: details, positions, the list, questions and following. */
export const projectRoutes: ServiceRoute[] = [
  route(
    getProject,
    async ({ input, user, deps, host }) =>
      getProjectDetail(
        deps.db,
        input.ProjectId,
        { tenantId: await tenantIdFor(deps.db, host, user), userId: user?.userId ?? null },
        deps.now(),
        deps.config.anonymousAnswerTtlMs,
      ),
    PUBLIC_READ,
  ),
  route(
    getProjectPosition,
    async ({ input, user, deps, host }) =>
      listPositions(deps.db, input.ProjectId, await tenantIdFor(deps.db, host, user)),
    SHARED_READ,
  ),
  route(
    getProjectList,
    async ({ input, user, deps, host }) =>
      listProjects(deps.db, await tenantIdFor(deps.db, host, user), input, deps.now()),
    SHARED_READ,
  ),
  route(getProjectUserAsk, async ({ input, requireUser, deps }) =>
    listUserQuestions(deps.db, requireUser().userId, input),
  ),
  route(
    getProjectOpenAsk,
    async ({ input, user, deps, host }) =>
      listOpenQuestions(deps.db, input.ProjectId, await tenantIdFor(deps.db, host, user), input),
    SHARED_READ,
  ),
  route(follow, async ({ input, requireUser, deps }) =>
    followProject(deps.db, requireUser(), input.ProjectId, input.IsFollow, deps.now()),
  ),
  route(submitAsk, async ({ input, requireUser, deps }) =>
    submitQuestion(deps.db, requireUser(), input.ProjectId, input.Content, deps.now()),
  ),
];
