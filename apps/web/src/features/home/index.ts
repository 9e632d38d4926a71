export { homeLablesQueryOptions, useHomeLables } from './api/get-home-lable';
