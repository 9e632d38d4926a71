export { useFollow } from './use-follow';
export { useProject, projectQueryOptions } from './api/get-project';
export { useProjectOpenAsk, useProjectOpenAskList } from './api/get-project-open-ask';
export { useProjectList } from './api/get-project-list';
export { useProjectPositions } from './api/get-project-position';
export { PositionFacts } from './components/position-facts';
export { applyWindowText, examTimeText, ProjectCard, quotaText } from './components/project-card';
export { PROJECT_STATE_COLOR } from './project-filter';
