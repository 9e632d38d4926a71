// The entry of a page the server has drawn (apps/server/src/host): its HTML and stylesheets paint
// it; the scripts that make it live are asked for after that first paint, so on a phone's narrow
// link they do not share the bandwidth with what paints. No imports: this chunk stays alone.

/** = DEFERRED_SCRIPTS_ELEMENT_ID of @portal/contracts (boot.test.ts checks). */
export const DEFERRED_SCRIPTS_ID = 'portal-deferred-scripts';

function loadDeferredScripts(): void {
  const text = document.getElementById(DEFERRED_SCRIPTS_ID)?.textContent;
  if (!text) return;
  const scripts = JSON.parse(text) as { entry: string; preload: string[] };
  const add = (element: HTMLLinkElement | HTMLScriptElement) => {
    element.crossOrigin = '';
    document.head.append(element);
  };
  for (const href of scripts.preload) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    add(link);
  }
  const script = document.createElement('script');
  script.type = 'module';
  script.src = scripts.entry;
  add(script);
}

// The frame's callback runs before its paint; the task it queues, after.
requestAnimationFrame(() => setTimeout(loadDeferredScripts, 0));
