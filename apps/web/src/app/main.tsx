// First: what the rest may call on an older phone.
import './polyfills';
import 'nprogress/nprogress.css';
import './global.css';
import './elder.css';
import { showStartFailure } from './start-failure';

// The entry holds nothing else: otherwise the bundler puts code shared with later chunks here, and
// a chunk that imports it would start the app before the chunks a drawn page's boot.ts runs one
// by one (a long task on a phone) have run.
import('./start')
  .then(({ start }) => start())
  .catch((error: unknown) => {
    console.error(error);
    const root = document.getElementById('root');
    if (root) showStartFailure(root, error);
  });
