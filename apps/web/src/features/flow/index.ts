export { TicketView } from './components/ticket-view';
export { FLOW_STEP_STATUS } from './flow-step-status';
