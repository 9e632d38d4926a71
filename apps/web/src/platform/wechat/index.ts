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
