import { PROJECT_STATES, PROJECT_STATE_TEXT, type ProjectState } from '@portal/contracts';

/** The state filter's choices: '' is every state. */
export const PROJECT_STATE_OPTIONS = [
  { value: '', label: '全部' },
  ...PROJECT_STATES.map((state) => ({ value: state, label: PROJECT_STATE_TEXT[state] })),
];

/** The params with one filter changed; any change of filter starts again at page 1. */
export function withFilter(params: URLSearchParams, name: string, value: string): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value) next.set(name, value);
  else next.delete(name);
  next.delete('PageIndex');
  return next;
}

/** A state's tag colour on a PC: solid, with white text at WCAG AA contrast. */
export const PROJECT_STATE_COLOR: Partial<Record<ProjectState, string>> = {
  Applying: '#007a33',
  NotStarted: '#0958d9',
};
