/** What an unticked consent box is told: by the page script at the box, else by the server. */
export const AGREEMENT_REQUIRED = '请阅读并勾选同意《用户协议》和《隐私政策》';
export const POLICIES_REQUIRED = '请阅读并勾选同意更新后的内容，再继续登录';
