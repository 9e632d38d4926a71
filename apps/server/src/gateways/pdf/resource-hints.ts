/**
 * Runs in the PDF page, so the document is parsed as the render parses it (Chromium's parser,
 * scripting off): every <link> but a stylesheet (prefetch, preload, preconnect, dns-prefetch,
 * prerender, modulepreload, icon…), speculation rules and a refresh (it would leave the document)
 * are removed, in templates (declarative shadow roots) and srcdoc frames too. What changed is parsed again until nothing is left to
 * remove, in case serialising made a new one.
 */
export function withoutResourceHints(html: string): string {
  let source = html;
  for (let pass = 0; pass < 3; pass += 1) {
    const doc = new DOMParser().parseFromString(source, 'text/html');
    let changed = false;
    const roots: ParentNode[] = [doc];
    for (const root of roots) {
      for (const template of Array.from(root.querySelectorAll('template')))
        roots.push(template.content);
      for (const element of Array.from(
        root.querySelectorAll(
          'link, script[type="speculationrules" i], meta[http-equiv="refresh" i]',
        ),
      )) {
        const rel = element.getAttribute('rel') ?? '';
        if (element.localName === 'link' && /^\s*stylesheet\s*$/i.test(rel)) continue;
        element.remove();
        changed = true;
      }
      for (const frame of Array.from(root.querySelectorAll('iframe[srcdoc]'))) {
        const srcdoc = frame.getAttribute('srcdoc') ?? '';
        const stripped = withoutResourceHints(srcdoc);
        if (stripped === srcdoc) continue;
        frame.setAttribute('srcdoc', stripped);
        changed = true;
      }
    }
    if (!changed) return source;
    const doctype = doc.doctype ? new XMLSerializer().serializeToString(doc.doctype) : '';
    source = doctype + doc.documentElement.outerHTML;
  }
  throw new Error('resource hints keep reappearing');
}
