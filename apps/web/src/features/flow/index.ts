export { TicketView } from './components/ticket-view';
