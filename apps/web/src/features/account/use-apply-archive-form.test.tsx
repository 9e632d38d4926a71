import { getUserApplyArchive, saveUserApplyArchive } from '@portal/contracts';
import { act, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeServer, refusal } from '../testing/fake-server';
import { renderFeatureHook, setUpScreenTests, signIn } from '../testing/render-screen';
import { useApplyArchiveForm } from './use-apply-archive-form';

setUpScreenTests();

const PHOTO = { Url: '/uploads/a.jpg', FileName: 'a.jpg', Size: 10, ContentType: 'image/jpeg' };

describe('useApplyArchiveForm: the apply archive as a form, whatever view shows it', () => {
  it('fills from the archive, checks the name rule of the contract, and sends nothing', async () => {
    signIn();
    const server = fakeServer().on(getUserApplyArchive, {
      Values: { name: '张三', photo: PHOTO },
      UpdateTime: null,
    });
    const onSaved = vi.fn();
    const { result } = renderFeatureHook(() => useApplyArchiveForm({ onSaved }));
    await waitFor(() => expect(result.current.form.getValues('name')).toBe('张三'));
    act(() => result.current.form.setValue('name', '张'));
    await act(() => result.current.submit());
    expect(result.current.form.errorOf('name')).toBe('请填写正确的姓名');
    expect(server.calls(saveUserApplyArchive)).toHaveLength(0);
  });

  it("keeps the fields it does not show, and puts a 400's FieldErrors on the field named", async () => {
    signIn();
    const server = fakeServer()
      .on(getUserApplyArchive, { Values: { name: '张三', photo: PHOTO }, UpdateTime: null })
      .on(saveUserApplyArchive, () =>
        refusal(400, '报名档案有误', { FieldErrors: { mobile: '该手机号码不可用' } }),
      );
    const onSaved = vi.fn();
    const { result } = renderFeatureHook(() => useApplyArchiveForm({ onSaved }));
    await waitFor(() => expect(result.current.form.getValues('name')).toBe('张三'));
    act(() => result.current.form.setValue('mobile', '13800138000'));
    await act(() => result.current.submit());
    expect(server.calls(saveUserApplyArchive)[0]?.input).toEqual({
      Values: {
        name: '张三',
        photo: PHOTO,
        idNumber: '',
        mobile: '13800138000',
        email: '',
        major: '',
        workUnit: '',
      },
    });
    await waitFor(() => expect(result.current.form.errorOf('mobile')).toBe('该手机号码不可用'));
    expect(result.current.form.getValues('mobile')).toBe('13800138000');
    expect(onSaved).not.toHaveBeenCalled();
  });
});
