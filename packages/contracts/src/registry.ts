import * as apply from './areas/apply.js';
import * as common from './areas/common.js';
import * as custom from './areas/custom.js';
import * as flow from './areas/flow.js';
import * as home from './areas/home.js';
import * as notice from './areas/notice.js';
import * as payment from './areas/payment.js';
import * as preview from './areas/preview.js';
import * as project from './areas/project.js';
import * as score from './areas/score.js';
import * as sms from './areas/sms.js';
import * as user from './areas/user.js';
import * as wechat from './areas/wechat.js';
import { isEndpoint, type Endpoint } from './endpoint.js';

function endpointsOf(module: Record<string, unknown>): Endpoint[] {
  return Object.values(module).filter(isEndpoint);
}

/** Every call on the wire, each once. */
export const ENDPOINTS: readonly Endpoint[] = [
  project,
  apply,
  flow,
  payment,
  user,
  notice,
  sms,
  home,
  common,
  wechat,
  custom,
  preview,
  score,
].flatMap(endpointsOf);

const byName = new Map(ENDPOINTS.map((e) => [e.name, e]));
export function endpointByName(name: string): Endpoint | undefined {
  return byName.get(name);
}
