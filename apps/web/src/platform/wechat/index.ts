export {
  configureWeChatShare,
  HIDDEN_MENU_ITEMS,
  rememberEntryUrl,
  type ShareData,
  shareDataFor,
  signaturePageUrl,
  WECHAT_JS_API_LIST,
  type WxApi,
} from './wechat-share';
export {
  BRIDGE_READY_TIMEOUT_MS,
  type BridgeOutcome,
  openMiniProgramPayPage,
  requestAlipayTradePay,
  requestWeChatPay,
} from './pay-bridges';
