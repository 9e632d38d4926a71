import type { FastifyBaseLogger } from 'fastify';
import { UndeliverableError } from '../../domain/errors.js';
import type { NotificationKind, WeChatMessageGateway } from '../../domain/ports.js';
import type { KeyValueStore } from '../../platform/kv-store.js';
import { createAccessTokenSource, WeChatApiError, type WeChatApiSettings } from './access-token.js';

/**
 * A notification's values (domain/notices/outbox.ts) → the keywords of its kind's template: a
 * template chosen for a kind has these keywords for the values the kind has (docs/configuration.md,
 * "Notifications").
 */
export const TEMPLATE_KEYWORDS: Record<string, string> = {
  project: 'thing1',
  result: 'phrase2',
  time: 'time3',
  deadline: 'time3',
  todo: 'thing4',
};
/** WeChat's limits on a keyword's value by its type (模板消息 data 字段规则). */
const KEYWORD_MAX_CHARS: Record<string, number> = { thing: 20, phrase: 5 };

/** WeChat's answers its recipient cannot get past: 43004 unfollowed, 40003 not this 公众号's openid. */
const UNDELIVERABLE_CODES = new Set([43004, 40003]);

function keywordValue(keyword: string, value: string): string {
  const max = KEYWORD_MAX_CHARS[keyword.replace(/\d+$/, '')];
  const chars = [...value];
  if (max && chars.length > max) return `${chars.slice(0, max - 1).join('')}…`;
  // time: "2026年03月01日 09:00", as WeChat's time keyword is written.
  return keyword.startsWith('time')
    ? value.replace(/^(\d{4})-(\d{2})-(\d{2})/, '$1年$2月$3日')
    : value;
}

/** The template message's data: each value under its keyword, within the keyword's length. */
export function templateData(params: Record<string, string>) {
  return Object.fromEntries(
    Object.entries(params)
      .filter(([name]) => TEMPLATE_KEYWORDS[name])
      .map(([name, value]) => {
        const keyword = TEMPLATE_KEYWORDS[name]!;
        return [keyword, { value: keywordValue(keyword, value) }];
      }),
  );
}

export interface WeChatTemplateMessageOptions extends WeChatApiSettings {
  templateIds: Record<NotificationKind, string>;
  /** Where a tap on the message leads: the portal. */
  linkUrl: string;
  store: KeyValueStore;
  fetchImpl?: typeof fetch;
}

/**
 * WeChat's 模板消息 (POST /cgi-bin/message/template/send): the kind's template filled with the
 * notification's values, sent to the follower's 公众号 openid with the shared access token (a stale
 * one is fetched anew and the message sent once more).
 */
export function createWeChatTemplateMessages(
  options: WeChatTemplateMessageOptions,
): WeChatMessageGateway {
  const api = createAccessTokenSource(options, options.store, options.fetchImpl);
  return {
    async send(openId, _text, template) {
      const templateId = options.templateIds[template.name];
      if (!templateId) throw new WeChatApiError(-1, `no template for ${template.name}`);
      const answer = await api.call(
        '/cgi-bin/message/template/send',
        {},
        {
          touser: openId,
          template_id: templateId,
          url: options.linkUrl,
          data: templateData(template.params),
        },
      );
      if (!answer.errcode) return;
      if (UNDELIVERABLE_CODES.has(answer.errcode))
        throw new UndeliverableError(`WeChat API ${answer.errcode}: ${answer.errmsg ?? ''}`);
      throw new WeChatApiError(answer.errcode, answer.errmsg ?? '');
    },
  };
}

export interface SandboxTemplateMessage {
  Kind: NotificationKind;
  Text: string;
  Data: ReturnType<typeof templateData>;
  SentAt: string;
}

const SANDBOX_SIZE = 10;
const SANDBOX_TTL_SECONDS = 24 * 60 * 60;
const sandboxKey = (openId: string) => `wechat:template-messages:${openId}`;

export async function readSandboxTemplateMessages(
  store: KeyValueStore,
  openId: string,
): Promise<SandboxTemplateMessage[]> {
  const stored = await store.get(sandboxKey(openId));
  return stored ? (JSON.parse(stored) as SandboxTemplateMessage[]) : [];
}

/** The demo's: each message kept per openid in the store (the last few) and logged without it. */
export function createSandboxTemplateMessages(
  store: KeyValueStore,
  log: Pick<FastifyBaseLogger, 'warn'> = { warn: (message: string) => console.warn(message) },
): WeChatMessageGateway {
  return {
    async send(openId, text, template) {
      log.warn(`WeChat template message (${template.name}): ${text}`);
      const items = await readSandboxTemplateMessages(store, openId);
      items.unshift({
        Kind: template.name,
        Text: text,
        Data: templateData(template.params),
        SentAt: new Date().toISOString(),
      });
      await store.set(
        sandboxKey(openId),
        JSON.stringify(items.slice(0, SANDBOX_SIZE)),
        SANDBOX_TTL_SECONDS,
      );
    },
  };
}
