import NProgress from 'nprogress';

// §2: every navigation shows a progress bar, without the spinner.
NProgress.configure({ showSpinner: false });

export const progress = {
  start: () => NProgress.start(),
  done: () => NProgress.done(),
  isShowingSpinner: () => NProgress.settings.showSpinner,
};
