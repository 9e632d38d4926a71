import { message } from 'antd';
import { setNotifier } from '../../platform';

/** §8: on desktop a refusal shows as an antd message. */
export function setUpDesktopLayout(): void {
  setNotifier({ error: (text) => void message.error(text) });
}
