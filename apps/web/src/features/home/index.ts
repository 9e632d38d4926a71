export { homeLablesQueryOptions, useHomeLables } from './api/get-home-lable';
export { LableIcon } from './components/lable-icon';
