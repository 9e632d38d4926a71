// The built-ins the app and its libraries call that are newer than the support floor (iOS 14's
// Safari and WKWebView, Chrome 86 in WeChat's Android XWeb; docs/decisions.md, "Support floor"),
// from core-js, each installed only where the browser lacks it. The build's es-check covers
// syntax only: e2e/journeys/support-floor.test.ts loads the built pages with the newer built-ins
// deleted (findLast, Object.hasOwn, structuredClone… are not called today, so not shipped) and
// fails on any error. Its own chunk, run first (vite.config.ts).
import 'core-js/actual/array/at';
import 'core-js/actual/string/at';
