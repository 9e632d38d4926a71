export { contentSecurityPolicy, type PageScript } from './layout.js';
export { renderLogoutPage, renderMessagePage } from './message.js';
export {
  type InteractionPage,
  renderResetPage,
  renderSignInPage,
  renderSignUpPage,
  type SignInTab,
} from './sign-in.js';
export { renderTermsPage } from './terms.js';
export { renderPoliciesPage } from './policies.js';
export { renderClosingCancelledPage } from './closing-cancelled.js';
