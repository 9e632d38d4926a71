import {
  getPersonalCenterNumber,
  getUserBrowseProject,
  getUserCollectProject,
  getUserProject,
  getUserRunProject,
  getUserRunProjectDisplay,
} from '@portal/contracts';
import {
  listBrowsedProjects,
  listCollectedProjects,
  listRunningApplications,
  listUserApplications,
  personalCenterNumbers,
  runningApplicationsDisplay,
} from '../../domain/applications/user-projects.js';
import { route, type ServiceRoute } from '../route.js';

/** User/ calls whose data is the candidate's projects, applications and orders. */
export const projectListRoutes: ServiceRoute[] = [
  route(getUserRunProject, async ({ input, requireUser, deps }) =>
    listRunningApplications(deps.db, requireUser().userId, input, deps.now()),
  ),
  route(getUserRunProjectDisplay, async ({ requireUser, deps }) =>
    runningApplicationsDisplay(deps.db, requireUser().userId, deps.now()),
  ),
  route(getUserBrowseProject, async ({ input, requireUser, deps }) =>
    listBrowsedProjects(deps.db, requireUser().userId, input, deps.now()),
  ),
  route(getUserProject, async ({ input, requireUser, deps }) =>
    listUserApplications(deps.db, requireUser().userId, input, deps.now()),
  ),
  route(getUserCollectProject, async ({ input, requireUser, deps }) =>
    listCollectedProjects(deps.db, requireUser().userId, input, deps.now()),
  ),
  route(getPersonalCenterNumber, async ({ requireUser, deps }) =>
    personalCenterNumbers(deps.db, requireUser().userId),
  ),
];
