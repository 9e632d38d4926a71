import NProgress from 'nprogress';

// §2: every navigation shows a progress bar, without the spinner.
// The bar is decorative: nprogress's own template carries an invalid role="bar".
NProgress.configure({
  showSpinner: false,
  template: '<div class="bar" aria-hidden="true"><div class="peg"></div></div>',
  barSelector: '.bar',
});

export const progress = {
  start: () => NProgress.start(),
  done: () => NProgress.done(),
  isShowingSpinner: () => NProgress.settings.showSpinner,
};
