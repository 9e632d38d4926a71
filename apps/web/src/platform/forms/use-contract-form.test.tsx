import { realPersonVerify, type ParsedRequestOf } from '@portal/contracts';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { HttpError } from '../http';
import { SERVER_ERROR, useContractForm } from './use-contract-form';

type Request = ParsedRequestOf<typeof realPersonVerify>;

function RealNameForm({ send }: { send: (request: Request) => Promise<unknown> }) {
  const form = useContractForm(realPersonVerify, { defaultValues: { Name: '', IdNumber: '' } });
  return (
    <form noValidate onSubmit={(e) => void form.submit(send)(e)}>
      <label htmlFor="name">姓名</label>
      <input id="name" {...form.register('Name')} />
      <p data-testid="name-error">{form.errorOf('Name')}</p>
      <label htmlFor="id">身份证号</label>
      <input id="id" {...form.register('IdNumber')} />
      <p data-testid="id-error">{form.errorOf('IdNumber')}</p>
      <p data-testid="server-error">{form.serverError}</p>
      <button type="submit" disabled={form.formState.isSubmitting}>
        提交
      </button>
    </form>
  );
}

const ID = '11010519491231002X';
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const refused = (fieldErrors: Record<string, string>) =>
  new HttpError('实名认证失败', 400, 400, null, fieldErrors);

afterEach(cleanup);

describe('useContractForm: a contract endpoint as a form', () => {
  it("shows the contract schema's message on the field and sends nothing", async () => {
    const send = vi.fn(async () => undefined);
    render(<RealNameForm send={send} />);
    type('姓名', 'Li');
    type('身份证号', '123');
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    expect(await screen.findByText('请填写身份证上的中文姓名')).toBeTruthy();
    expect(screen.getByTestId('id-error').textContent).toContain('身份证号码不正确');
    expect(send).not.toHaveBeenCalled();
    // The first field at fault has the focus.
    expect(document.activeElement).toBe(screen.getByLabelText('姓名'));
    // Fixing a field clears its message as the person types.
    type('姓名', '李明');
    await waitFor(() => expect(screen.getByTestId('name-error').textContent).toBe(''));
  });

  it('hands the parsed request (trimmed, upper-cased) to the sender', async () => {
    const send = vi.fn(async (_request: Request) => undefined);
    render(<RealNameForm send={send} />);
    type('姓名', ' 李明 ');
    type('身份证号', ID.toLowerCase());
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(send.mock.calls[0]![0]).toEqual({ Name: '李明', IdNumber: ID });
  });

  it("puts a 400's FieldErrors on the named field and keeps what was typed", async () => {
    const send = vi.fn(async () => {
      throw refused({ IdNumber: '该身份证号已被其他账号实名认证' });
    });
    render(<RealNameForm send={send} />);
    type('姓名', '李明');
    type('身份证号', ID);
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    expect(await screen.findByText('该身份证号已被其他账号实名认证')).toBeTruthy();
    expect(screen.getByTestId('name-error').textContent).toBe('');
    expect((screen.getByLabelText('姓名') as HTMLInputElement).value).toBe('李明');
    expect((screen.getByLabelText('身份证号') as HTMLInputElement).value).toBe(ID);
    expect(document.activeElement).toBe(screen.getByLabelText('身份证号'));
  });

  it('a field the form does not have goes to the form-level message', async () => {
    render(
      <RealNameForm
        send={async () => {
          throw refused({ Captcha: '请重新验证' });
        }}
      />,
    );
    type('姓名', '李明');
    type('身份证号', ID);
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(screen.getByTestId('server-error').textContent).toBe('请重新验证'));
    expect(SERVER_ERROR).toBe('root.server');
  });

  it('sends once while the first answer is awaited', async () => {
    let answer: () => void = () => undefined;
    const send = vi.fn(() => new Promise<void>((resolve) => (answer = resolve)));
    render(<RealNameForm send={send} />);
    type('姓名', '李明');
    type('身份证号', ID);
    const button = screen.getByRole('button', { name: '提交' });
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    fireEvent.click(button);
    answer();
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('a derived schema maps form fields onto the request, and server names onto fields', async () => {
    const schema = z
      .object({ code: z.string().regex(/^\d{6}$/, '请填写6位验证码') })
      .transform(({ code }) => ({ Code: code }));
    const sent: unknown[] = [];
    function CodeForm() {
      const form = useContractForm(realPersonVerify, {
        schema,
        defaultValues: { code: '' },
        fieldOf: (name) => (name === 'Code' ? 'code' : undefined),
      });
      return (
        <form
          noValidate
          onSubmit={(e) =>
            void form.submit(async (request) => {
              sent.push(request);
              throw refused({ Code: '验证码错误' });
            })(e)
          }
        >
          <label htmlFor="code">验证码</label>
          <input id="code" {...form.register('code')} />
          <p data-testid="code-error">{form.errorOf('code')}</p>
          <button type="submit">提交</button>
        </form>
      );
    }
    render(<CodeForm />);
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    expect(await screen.findByText('请填写6位验证码')).toBeTruthy();
    type('验证码', '123456');
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    expect(await screen.findByText('验证码错误')).toBeTruthy();
    expect(sent).toEqual([{ Code: '123456' }]);
    expect((screen.getByLabelText('验证码') as HTMLInputElement).value).toBe('123456');
  });
});
