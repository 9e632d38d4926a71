import {
  AUDIT_ACTION_TEXT,
  AUDIT_ACTOR_TEXT,
  AUDIT_RESULT_TEXT,
  PERSONAL_DATA_EXPORTS_PER_DAY,
  type PersonalDataEvent,
} from '@portal/contracts';
import { formatDate } from '../../shared/date';

/** One audit entry in plain Chinese: who, did what, when (Beijing time), from where. */
export function describeEvent(event: PersonalDataEvent) {
  const who = event.ActorName
    ? `${AUDIT_ACTOR_TEXT[event.ActorKind]} ${event.ActorName}`
    : AUDIT_ACTOR_TEXT[event.ActorKind];
  const outcome = event.Result === 'ok' ? '' : `（${AUDIT_RESULT_TEXT[event.Result]}）`;
  return {
    who,
    what: `${AUDIT_ACTION_TEXT[event.Action]}了${event.Target}${outcome}`,
    when: `${formatDate(event.Time, 'YYYY-MM-DD HH:mm')}（北京时间）`,
    where: `来自 ${event.Address}`,
  };
}

export const PERSONAL_DATA_TEXT = {
  exportTitle: '下载我的个人信息',
  exportLead:
    '获取我们保存的您的个人信息副本：账号资料、报名档案、报名表及上传的文件、订单、考试记录、消息，以及谁查看或处理过您的信息。压缩包内含一份可阅读的 PDF 和一份 JSON 数据文件。',
  exportLimit: `每天最多可下载 ${PERSONAL_DATA_EXPORTS_PER_DAY} 次。文件包含您的完整身份证号和手机号，请妥善保管。`,
  exportButton: '下载个人信息副本',
  exportBusy: '正在生成，请稍候…',
  exportDone: '已开始下载个人信息副本',
  exportFailed: '未能生成个人信息副本，请稍后重试',
  eventsTitle: '谁查看了我的信息',
  eventsLead: '审核老师、系统和您本人查看或处理您个人信息的记录，最新的在前，至少保存 6 个月。',
  eventsEmpty: '暂无记录',
  eventsMore: '查看更多',
  eventsLoading: '正在加载访问记录',
} as const;
