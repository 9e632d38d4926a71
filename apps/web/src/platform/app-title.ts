/** §1: the site's one name, shared with the server (its sign-in pages and messages). */
export { APP_TITLE } from '@portal/contracts';
