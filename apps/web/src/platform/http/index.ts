export { callEndpoint, HTTP_CLIENTS } from './clients';
export {
  type CallOptions,
  REQUEST_TIMEOUT_MS,
  SERVER_ERROR_MESSAGE,
  TIMEOUT_MESSAGE,
} from './http-client';
export {
  answerFromServerRender,
  DRAWN_IF_ANSWERED,
  isDrawnIfAnswered,
  isLeftToTheBrowser,
  LEFT_TO_THE_BROWSER,
} from './first-answers';
export { HttpError, type HttpErrorCode } from './http-error';
export { WaitingLineNotice } from './waiting-line';
