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
} from '../../domain/projects.js';
import { tenantIdFor } from '../../domain/tenants.js';
import { route, type ServiceRoute } from '../route.js';

/**
 * What every visitor reads first: a second's staleness of a count or a state is not seen, and a
 * crowd opening one project (a shared link) costs one query a second.
 */
const PUBLIC_READ = { sharedAnonymousAnswer: true };

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
      ),
    PUBLIC_READ,
  ),
  route(
    getProjectPosition,
    async ({ input, user, deps, host }) =>
      listPositions(deps.db, input.ProjectId, await tenantIdFor(deps.db, host, user)),
    PUBLIC_READ,
  ),
  route(
    getProjectList,
    async ({ input, user, deps, host }) =>
      listProjects(deps.db, await tenantIdFor(deps.db, host, user), input, deps.now()),
    PUBLIC_READ,
  ),
  route(getProjectUserAsk, async ({ input, requireUser, deps }) =>
    listUserQuestions(deps.db, requireUser().userId, input),
  ),
  route(getProjectOpenAsk, async ({ input, user, deps, host }) =>
    listOpenQuestions(deps.db, input.ProjectId, await tenantIdFor(deps.db, host, user), input),
  ),
  route(follow, async ({ input, requireUser, deps }) =>
    followProject(deps.db, requireUser(), input.ProjectId, input.IsFollow, deps.now()),
  ),
  route(submitAsk, async ({ input, requireUser, deps }) =>
    submitQuestion(deps.db, requireUser(), input.ProjectId, input.Content, deps.now()),
  ),
];
