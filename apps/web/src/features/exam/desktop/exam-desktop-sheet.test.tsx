import { fireEvent, screen, waitFor } from '@testing-library/react';
import type * as Antd from 'antd';
import type { ComponentProps } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../platform';
import { renderScreen, setUpScreenTests, signIn } from '../../testing/render-screen';
import { examServer, MINUTE } from '../exam-test-server';
import OnlineExamDesktopPage from './online-exam-page';

/** What the sheet rendered of antd's heavier parts, in order: a button's text, an option group's label. */
const rendered = vi.hoisted(() => [] as string[]);

vi.mock('antd', async (importOriginal) => {
  const antd = await importOriginal<typeof Antd>();
  function CountedButton(props: ComponentProps<typeof antd.Button>) {
    rendered.push(`button ${String(props.children)}`);
    return <antd.Button {...props} />;
  }
  function CountedRadioGroup(props: ComponentProps<typeof antd.Radio.Group>) {
    rendered.push(`radios ${props['aria-labelledby']}`);
    return <antd.Radio.Group {...props} />;
  }
  function CountedCheckboxGroup(props: ComponentProps<typeof antd.Checkbox.Group>) {
    rendered.push(`boxes ${props['aria-labelledby']}`);
    return <antd.Checkbox.Group {...props} />;
  }
  return {
    ...antd,
    Button: CountedButton,
    Radio: { ...antd.Radio, Group: CountedRadioGroup },
    Checkbox: { ...antd.Checkbox, Group: CountedCheckboxGroup },
  };
});

setUpScreenTests();
beforeEach(() => {
  signIn();
  rendered.length = 0;
});

const PATH = paths.onlineExam({ ApplyId: 7 });

async function answeringSheet() {
  const exam = examServer();
  exam.startedAgo(MINUTE);
  renderScreen(OnlineExamDesktopPage, PATH);
  await screen.findByRole('radio', { name: /一个月/ });
  // The other questions' options, rendered just after the first (in a transition, which may
  // render more than once before it is shown: what counts is that they are on the page).
  await waitFor(() =>
    expect(document.querySelectorAll('[aria-labelledby^="exam-desk-q-"]')).toHaveLength(3),
  );
  rendered.length = 0;
}

// The desktop exam's INP (issue 31, point 5): at 4× CPU a render of the whole sheet, on every
// answer and every second of the countdown, took longer than an interaction may.
describe('desktop answer sheet: an answer or a tick renders only what it changes', () => {
  it("an answer renders its question's options and the submit button's count, not the other buttons", async () => {
    await answeringSheet();
    fireEvent.click(screen.getByRole('radio', { name: /一个月/ }));
    expect((screen.getByRole('radio', { name: /一个月/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('button', { name: '第1题，已作答' })).toBeTruthy();
    expect(rendered).toEqual(['radios exam-desk-q-11', 'button 交卷（已答 1/3）']);
  });

  it("the clock's tick renders the countdown alone: no question, button or option", async () => {
    await answeringSheet();
    const before = screen.getByRole('timer').textContent;
    await waitFor(() => expect(screen.getByRole('timer').textContent).not.toBe(before), {
      timeout: 2500,
    });
    expect(rendered).toEqual([]);
  });

  it('moving to the next question shows its options, rendered once before, and builds none', async () => {
    await answeringSheet();
    fireEvent.click(screen.getByRole('button', { name: '下一题' }));
    expect(screen.getByRole('heading', { level: 3 }).textContent).toMatch(/社会保险/);
    expect(screen.getAllByRole('checkbox')).toHaveLength(3);
    expect(screen.queryAllByRole('radio')).toHaveLength(0);
    expect(rendered).toEqual(['button 上一题', 'button 标记待检查', 'button 下一题']);
  });
});
