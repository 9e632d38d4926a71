import { useId } from 'react';
import { useNotifySetting } from './api/notify-setting';

export const REMINDERS_LABEL = '短信提醒缴费和考试';
export const REMINDERS_HINT =
  '缴费截止前一天、考试前一天和开考前一小时发短信提醒；审核结果无论开关都会通知您';

/**
 * The candidate's switch for the optional text messages (issue 30, point 16), on both layouts:
 * the server keeps it (User/SaveNotifySetting); review decisions are sent regardless.
 */
export function RemindersSwitch() {
  const id = useId();
  const { query, save } = useNotifySetting();
  const on = save.isPending ? save.variables.RemindersOn : query.data?.RemindersOn;
  if (query.isError) return <p role="alert">短信提醒设置加载失败，请刷新页面重试</p>;
  return (
    <>
      <button
        type="button"
        role="switch"
        aria-checked={on ?? false}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-hint`}
        aria-busy={on === undefined || save.isPending || undefined}
        disabled={on === undefined || save.isPending}
        className="elder-switch"
        onClick={() => save.mutate({ RemindersOn: !on })}
      >
        <span className="elder-switch__text">
          <span className="elder-switch__label" id={`${id}-label`}>
            {REMINDERS_LABEL}
          </span>
          <span className="elder-switch__hint" id={`${id}-hint`}>
            {REMINDERS_HINT}
          </span>
        </span>
        <span className="elder-switch__track" aria-hidden="true">
          <span className="elder-switch__state">{on ? '开' : '关'}</span>
          <span className="elder-switch__thumb" />
        </span>
      </button>
      {save.isError ? <p role="alert">保存失败，请检查网络后重试</p> : null}
    </>
  );
}
