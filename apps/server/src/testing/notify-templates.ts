import { ALIYUN_SMS_TEMPLATE_PREFIX } from '../config.js';
import { NOTIFICATION_KINDS } from '../db/schema/index.js';

/** A production start's Aliyun SMS template for every notification kind (`SMS_TICKET_OPEN`, …). */
export const ALIYUN_NOTIFY_TEMPLATES: Record<string, string> = Object.fromEntries(
  NOTIFICATION_KINDS.map((kind) => [
    `${ALIYUN_SMS_TEMPLATE_PREFIX}${kind.toUpperCase()}`,
    `SMS_${kind.toUpperCase()}`,
  ]),
);
