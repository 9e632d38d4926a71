/** §1: "a safe, efficient, intelligent integrated SaaS platform for the user side". */
export const APP_TITLE = '安全高效智能一体化SaaS平台用户端';
