import Module from 'node:module';

// npm hoists a React 18 to the root (antd-mobile's react-spring peers React ≤ 18). CommonJS packages
// that vitest leaves to Node would load it beside the app's React 19; send them to ours instead.
type Resolve = (request: string, parent: unknown, ...rest: unknown[]) => string;
const loader = Module as unknown as {
  _resolveFilename: Resolve;
  _nodeModulePaths: (dir: string) => string[];
};
// Set by vite.config.ts: apps/web, whose node_modules hold React 19.
const webDir = `${process.env.PORTAL_WEB_DIR}/`;
const fromWeb = {
  id: webDir,
  filename: `${webDir}index.js`,
  paths: loader._nodeModulePaths(webDir),
};
const resolve = loader._resolveFilename;
loader._resolveFilename = function (request, parent, ...rest) {
  const ours = /^react(-dom)?(\/|$)/.test(request);
  return resolve.call(this, request, ours ? fromWeb : parent, ...rest);
};
