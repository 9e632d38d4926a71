// react-dom/client is CommonJS: the bundle runs its body (half a megabyte) when the first module
// importing it runs. Imported through this module, which vite.config.ts puts in react-dom's own
// chunk, that is when that chunk runs (a task of its own on a drawn page, boot.ts), not inside the
// start of the app.
export { createRoot, hydrateRoot, type Root } from 'react-dom/client';
