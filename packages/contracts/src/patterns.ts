// The patterns shared with the identity pages' browser script (`@portal/contracts/patterns`): this
// module imports nothing, so a bundle of it stays a few bytes.

export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;
