// What the tests know of the demo data they start from (the seeded template database): its
// accounts, its projects by role, and the ID-number helper its applications use.
export {
  ACCOMMODATED_MOBILE,
  DEMO_MOBILE,
  DEMO_PASSWORD,
  DEMO_REVIEWER_LOGIN,
  DEMO_REVIEWER_PASSWORD,
} from '../demo-data/20-users.js';
export { SEED_PROJECTS, standardFormFields } from '../demo-data/30-projects.js';
export { withCheckDigit } from '../demo-data/40-applications.js';
export { DEMO_ID_NUMBER } from '../demo-data/50-account.js';
