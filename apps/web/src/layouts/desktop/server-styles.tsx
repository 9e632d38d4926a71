import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import type { ReactNode } from 'react';

/**
 * antd's computed tokens and styles, kept for the server's lifetime: computed afresh for each
 * drawing, they made a desktop list take ~150 ms to draw instead of ~30 ms. The theme is the
 * build's own, so the entries are bounded by the components the drawn pages use.
 */
const computedStyles = createCache();

/**
 * On the server: antd's CSS-in-JS rules one drawing used, as <style> elements for the page's
 * head. In the browser antd finds them there (by their hashes) and writes none of them again.
 */
export function createServerStyles(): {
  wrap: (tree: ReactNode) => ReactNode;
  extract: () => string;
} {
  // The drawing reads and writes the kept entries, and notes which it used, last use last (the
  // order a cache of its own would give them).
  const used = new Set<string>();
  const drawing = createCache();
  drawing.opGet = (key) => computedStyles.opGet(key);
  drawing.opUpdate = (key, update) => {
    used.delete(key);
    used.add(key);
    computedStyles.opUpdate(key, update);
  };
  return {
    wrap: (tree) => <StyleProvider cache={drawing}>{tree}</StyleProvider>,
    extract: () => {
      const usedStyles = createCache();
      for (const key of used) {
        const entry = computedStyles.opGet(key);
        if (entry) usedStyles.opUpdate(key, () => entry);
      }
      return extractStyle(usedStyles);
    },
  };
}
