export { TicketView } from './components/ticket-view';
export { FLOW_STEP_STATUS } from './flow-step-status';
export { flowNextStep, receiptLinksOf, ticketLinkOf, type NextStep } from './next-action';
export { ReceiptView } from './components/receipt-view';
export { SubmittedReceipt } from './components/submitted-receipt';
export { useReceipt } from './api/get-receipt';
export { useFlow } from './api/get-apply';
