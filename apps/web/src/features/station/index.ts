/** Desktop only: the workbench's list, also the personal centre's overview. */
export { StationTasks } from './desktop/station-page';
