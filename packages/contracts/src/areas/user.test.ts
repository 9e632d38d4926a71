import { describe, expect, it } from 'vitest';
import { applyArchiveBasicsSchema, archiveFieldProblem } from './user.js';

describe('the apply archive rule (web form and server alike)', () => {
  it('checks the well-known fields and nothing else', () => {
    expect(archiveFieldProblem('name', '李明')).toBeNull();
    expect(archiveFieldProblem('name', 'Li Ming')).toBeNull();
    expect(archiveFieldProblem('name', '李')).toBe('请填写正确的姓名');
    expect(archiveFieldProblem('name', '李明1')).toBe('请填写正确的姓名');
    expect(archiveFieldProblem('idNumber', '110101199003070012')).toMatch('身份证号码不正确');
    expect(archiveFieldProblem('idNumber', '11010519491231002X')).toBeNull();
    expect(archiveFieldProblem('mobile', '1380013800')).toMatch('手机号码不正确');
    expect(archiveFieldProblem('email', 'a@b')).toMatch('邮箱格式不正确');
    expect(archiveFieldProblem('major', '!!')).toBeNull();
  });

  it('a form may leave every field empty, and is told which one is wrong', () => {
    const empty = { name: '', idNumber: '', mobile: '', email: '', major: '', workUnit: '' };
    expect(applyArchiveBasicsSchema.safeParse(empty).success).toBe(true);
    const result = applyArchiveBasicsSchema.safeParse({
      ...empty,
      name: 'x',
      mobile: ' 13800138000 ',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['name', '请填写正确的姓名'],
    ]);
  });
});
