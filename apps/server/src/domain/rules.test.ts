import { describe, expect, it } from 'vitest';
import { standardFormFields, withCheckDigit } from '../testing/demo-fixtures.js';
import { checkFormValues } from './applications/applications.js';
import { questionsInAttemptOrder, scoreAnswers } from './exams/exams.js';
import { buildLabelTree } from './projects/labels.js';
import { escapeHtml } from '../platform/html.js';
import { candidateOf, renderTicketHtml, ticketRules, type TicketData } from './tickets/tickets.js';

const photo = {
  FileId: 'AAAAAAAAAAAAAAAAAAAAAA',
  FileName: 'a.jpg',
  Size: 1000,
  ContentType: 'image/jpeg',
};
const good = {
  name: '张三',
  gender: 'male',
  idNumber: withCheckDigit('11010519900101001').toLowerCase(),
  birthDate: '1990-01-01',
  mobile: '13800000000',
  education: 'bachelor',
  major: '法学',
  hukou: ['11', '110105'],
  hasWork: 'yes',
  workUnit: '  某单位  ',
  workYears: 5,
  photo,
};

describe('form values on the server', () => {
  it('keeps visible known fields, trimmed, ID numbers upper-cased', () => {
    const kept = checkFormValues(standardFormFields(), { ...good, unknown: 'x' });
    expect(kept).not.toHaveProperty('unknown');
    expect(kept.workUnit).toBe('某单位');
  });
  it('refuses a birth date other than the one the ID number carries (issue 30, point 6)', () => {
    expect(() =>
      checkFormValues(standardFormFields(), { ...good, birthDate: '1990-01-02' }),
    ).toThrow('出生日期与身份证号码不一致（身份证号码中为 1990-01-01）');
  });
  it('checks a conditional field only when shown', () => {
    expect(() => checkFormValues(standardFormFields(), { ...good, workUnit: '' })).toThrow(
      '请填写工作单位',
    );
    expect(
      checkFormValues(standardFormFields(), { ...good, hasWork: 'no', workUnit: '' }),
    ).not.toHaveProperty('workUnit');
  });
  it('keeps a file value as its upload id with name, size and type, never an address', () => {
    const kept = checkFormValues(standardFormFields(), {
      ...good,
      photo: { ...photo, Url: 'https://evil.example/x.jpg' },
    });
    expect(kept.photo).toEqual(photo);
  });
  it('refuses unknown regions, files not uploaded, oversize and wrong-type uploads', () => {
    const fault = (values: object) => {
      try {
        checkFormValues(standardFormFields(), { ...good, ...values });
      } catch (error) {
        return (error as { fieldErrors: Record<string, string> }).fieldErrors;
      }
      return {};
    };
    expect(fault({ hukou: ['11', '440101'] })).toEqual({ hukou: '请选择有效的户籍所在地' });
    // An address alone, ours or another site's, is no upload: a form names uploads by id.
    const { FileId: _, ...named } = photo;
    for (const Url of ['/uploads/x.jpg', 'https://evil.example/uploads/x.jpg'])
      expect(fault({ photo: { ...named, Url } })).toEqual({ photo: '证件照请通过上传获得' });
    expect(fault({ photo: { ...photo, FileId: '../secrets.json' } })).toEqual({
      photo: '请上传证件照',
    });
    expect(fault({ photo: { ...photo, Size: 600 * 1024 } })).toEqual({
      photo: '证件照不能超过500KB',
    });
    expect(fault({ diploma: { ...photo, ContentType: 'image/gif' } })).toEqual({
      diploma: '学历证明文件类型不支持',
    });
    expect(fault({ birthDate: '2010-01-01' })).toEqual({ birthDate: '出生日期不能晚于2006-12-31' });
  });
});

describe('exam scoring', () => {
  const questions = [
    { id: 1, type: 'single' as const, answer: ['A'], score: 10 },
    { id: 2, type: 'multiple' as const, answer: ['A', 'C'], score: 20 },
    { id: 3, type: 'judge' as const, answer: ['T'], score: 5 },
    { id: 4, type: 'blank' as const, answer: ['HTTP', '超文本传输协议'], score: 6 },
  ];
  it('scores a question only when exactly the right options are chosen', () => {
    expect(
      scoreAnswers(questions, [
        { QuestionId: 1, Choices: ['A'] },
        { QuestionId: 2, Choices: ['C', 'A'] },
        { QuestionId: 3, Choices: ['T'] },
      ]),
    ).toBe(35);
    expect(
      scoreAnswers(questions, [
        { QuestionId: 2, Choices: ['A'] },
        { QuestionId: 3, Choices: [] },
      ]),
    ).toBe(0);
    expect(scoreAnswers(questions, [{ QuestionId: 2, Choices: ['A', 'B', 'C'] }])).toBe(0);
  });

  it('gives half of a multiple choice for a right subset when the paper says PartialHalf', () => {
    const subset = [{ QuestionId: 2, Choices: ['A'] }];
    expect(scoreAnswers(questions, subset, 'AllOrNothing')).toBe(0);
    expect(scoreAnswers(questions, subset, 'PartialHalf')).toBe(10);
    // A wrong option among them scores nothing, partial credit or not.
    expect(scoreAnswers(questions, [{ QuestionId: 2, Choices: ['A', 'B'] }], 'PartialHalf')).toBe(
      0,
    );
    // Single choice never scores partly.
    expect(scoreAnswers(questions, [{ QuestionId: 1, Choices: [] }], 'PartialHalf')).toBe(0);
  });

  it('scores a blank against any accepted answer, trimmed and full-width folded', () => {
    for (const text of ['HTTP', '  ＨＴＴＰ ', '超文本传输协议'])
      expect(scoreAnswers(questions, [{ QuestionId: 4, Choices: [text] }])).toBe(6);
    expect(scoreAnswers(questions, [{ QuestionId: 4, Choices: ['HTTPS'] }])).toBe(0);
  });
});

describe('attempt order', () => {
  const rows = Array.from({ length: 8 }, (_, i) => ({
    id: i + 1,
    paperId: 1,
    type: (i === 7 ? 'judge' : 'single') as 'judge' | 'single',
    content: `题${i + 1}`,
    options:
      i === 7
        ? [
            { Key: 'T', Text: '对' },
            { Key: 'F', Text: '错' },
          ]
        : ['A', 'B', 'C', 'D'].map((Key) => ({ Key, Text: Key })),
    answer: ['A'],
    score: 5,
    sort: i,
  }));
  it('is the same for the same seed, differs between seeds, and keeps 对 before 错', () => {
    const once = questionsInAttemptOrder(rows, 12345);
    expect(questionsInAttemptOrder(rows, 12345)).toEqual(once);
    const orders = new Set(
      [1, 2, 3, 4, 5].map((seed) =>
        questionsInAttemptOrder(rows, seed)
          .map((q) => `${q.QuestionId}:${q.Options.map((o) => o.Key).join('')}`)
          .join(','),
      ),
    );
    expect(orders.size).toBeGreaterThan(1);
    expect(new Set(once.map((q) => q.QuestionId))).toEqual(new Set(rows.map((r) => r.id)));
    expect(once.find((q) => q.Type === 'judge')!.Options.map((o) => o.Key)).toEqual(['T', 'F']);
  });
});

describe('label tree', () => {
  it('nests children and counts distinct projects of a subtree', () => {
    const tree = buildLabelTree(
      [
        { id: 1, parentId: null, name: '招录', icon: '' },
        { id: 2, parentId: 1, name: '公务员', icon: '' },
        { id: 3, parentId: 1, name: '教师', icon: '' },
        { id: 4, parentId: null, name: '地区', icon: '' },
      ],
      new Map([
        [2, new Set([10, 11])],
        [3, new Set([11, 12])],
      ]),
    );
    expect(tree).toEqual([
      {
        LableId: 1,
        Name: '招录',
        Icon: '',
        ProjectCount: 3,
        Children: [
          { LableId: 2, Name: '公务员', Icon: '', ProjectCount: 2 },
          { LableId: 3, Name: '教师', Icon: '', ProjectCount: 2 },
        ],
      },
      { LableId: 4, Name: '地区', Icon: '', ProjectCount: 0 },
    ]);
  });
});

describe('admission ticket', () => {
  const ticketWith = (overrides: Partial<TicketData>) =>
    renderTicketHtml({
      candidateName: '李四',
      idNumber: '110105199001010012',
      projectTitle: '测试',
      organizer: '主办方',
      positionName: '岗位',
      positionCode: '001',
      ticketNo: '2026000100001',
      examStart: new Date('2026-07-01T01:00:00Z'),
      examEnd: new Date('2026-07-01T03:00:00Z'),
      examPlace: '杭州市第十四中学考点（杭州市上城区凤起路580号）',
      examSeat: 37,
      hasOnlineExam: false,
      photoDataUrl: '',
      qrDataUrl: '',
      ...overrides,
    });
  it('masks the ID number and escapes what it prints', () => {
    expect(escapeHtml('<b>"x"</b>')).toBe('&lt;b&gt;&quot;x&quot;&lt;/b&gt;');
    const html = ticketWith({ candidateName: '<script>' });
    expect(html).not.toContain('<script>');
    expect(html).toContain('2026-07-01 09:00 至 11:00（北京时间）');
    expect(html).toContain('杭州市第十四中学考点');
    expect(html).toContain('1101**********0012');
    expect(html).not.toContain('110105199001010012');
  });
  it('names the day a sitting past midnight ends on (issue 30, point 3)', () => {
    const html = ticketWith({
      examStart: new Date('2027-02-08T14:42:00Z'),
      examEnd: new Date('2027-02-08T17:42:00Z'),
    });
    expect(html).toContain('2027-02-08 22:42 至 2027-02-09 01:42（北京时间）');
  });
  it('names the venue, the room and the seat; an online ticket names none (issue 30, point 2)', () => {
    const venue = ticketWith({});
    expect(venue).toContain(
      '<th>考试地点</th><td>杭州市第十四中学考点（杭州市上城区凤起路580号）</td>',
    );
    expect(venue).toContain('<th>考场</th><td>第2考场</td>');
    expect(venue).toContain('<th>座位号</th><td>07</td>');
    const online = ticketWith({ hasOnlineExam: true, examSeat: null, examPlace: '线上考试' });
    expect(online).not.toContain('考场');
    expect(online).not.toContain('考点');
    expect(online).toContain('<th>考试方式</th>');
  });
  it('carries rules for where the exam is: a test centre, or online', () => {
    expect(ticketRules(false).join()).toContain('提前30分钟到达考点');
    expect(ticketRules(true).join()).not.toContain('考点');
    expect(ticketRules(true).join()).toContain('在线考试');
  });
  it('takes the candidate from the form, else the account', () => {
    const fields = [
      { FieldId: 'name', Type: 'text', Label: '姓名' },
      { FieldId: 'id', Type: 'idcard', Label: '身份证号' },
    ];
    expect(candidateOf(fields, { name: '李四', id: 'X' }, '账号名')).toEqual({
      name: '李四',
      idNumber: 'X',
    });
    expect(candidateOf(fields, {}, '账号名')).toEqual({ name: '账号名', idNumber: '' });
  });
});
