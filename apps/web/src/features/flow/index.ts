export { TicketView } from './components/ticket-view';
export { FLOW_STEP_STATUS } from './flow-step-status';
export { flowNextStep, ticketLinkOf, type NextStep } from './next-action';
export { useFlow } from './api/get-apply';
