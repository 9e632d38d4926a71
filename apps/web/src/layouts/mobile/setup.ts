import { Toast, unstableSetRender } from 'antd-mobile';
import { createRoot, type Root } from '../../shared/react-dom-client';
import { setNotifier } from '../../platform';

type Container = (Element | DocumentFragment) & { __portalRoot?: Root };

/** Wires antd-mobile to React 19 and makes it the app's notifier (§8: mobile toast on mobile). */
export function setUpMobileLayout(): void {
  // antd-mobile 5 renders Toast and Dialog with React 18's render() unless given a createRoot renderer.
  unstableSetRender((node, container: Container) => {
    container.__portalRoot ??= createRoot(container);
    const root = container.__portalRoot;
    root.render(node);
    return async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
      root.unmount();
    };
  });
  setNotifier({ error: (message) => Toast.show({ icon: 'fail', content: message }) });
}
