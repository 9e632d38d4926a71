export { useFollowProject } from './api/follow';
export { useProject, projectQueryOptions } from './api/get-project';
export { useProjectOpenAsk, useProjectOpenAskList } from './api/get-project-open-ask';
export { useProjectList } from './api/get-project-list';
export { useProjectPositions } from './api/get-project-position';
export { applyWindowText, flowPath, ProjectCard } from './components/project-card';
export { applyFormPath } from './mobile/position-page';
