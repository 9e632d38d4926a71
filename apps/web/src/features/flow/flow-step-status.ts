import type { FlowView } from '@portal/contracts';

/** A flow step's state as both UI libraries' step bars name it (antd and antd-mobile agree). */
export const FLOW_STEP_STATUS: Record<
  FlowView['Steps'][number]['State'],
  'finish' | 'process' | 'wait' | 'error'
> = {
  done: 'finish',
  current: 'process',
  waiting: 'wait',
  failed: 'error',
  skipped: 'wait',
};
