import type { FormField } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { beijingDate, fromBeijingDateTime } from '../platform/beijing-time.js';
import {
  categories,
  examPapers,
  examQuestions,
  forms,
  homeBanners,
  homeSections,
  labels,
  positions,
  projectLabels,
  projectNotices,
  projectQuestions,
  projects,
  tenants,
  users,
} from '../db/schema/index.js';

const DAY = 24 * 3600_000;

/** Titles the other seeds and the browser journeys rely on. */
export const SEED_PROJECTS = {
  /** Paid, applying, with an online exam; the demo user has NOT applied (journeys apply here). */
  journey: '2026年全国计算机应用能力在线测评（初级）',
  submitted: '2026年度北京市市级机关公开遴选公务员',
  underReview: '北京市海淀区2026年事业单位公开招聘工作人员',
  returned: '上海市浦东新区2026年教师招聘（第一批）',
  approvedUnpaid: '2026年度全国会计专业技术初级资格考试',
  paidExam: '2026年企业人力资源管理师（三级）在线考试',
  /** Paid, with a 60-second paper (partial credit, a blank, a leave limit): the deadline journeys. */
  shortExam: '2026年安全生产知识在线测验（限时练习）',
  ticketIssued: '广州市卫生健康委员会直属医院2026年公开招聘',
  finished: '2025年全国大学生数学竞赛（非数学类）初赛',
  rejected: '浙江省属国有企业2026年春季联合招聘',
  free: '2026年“互联网+”大学生创新创业大赛校赛',
} as const;

type StateKind = 'applying' | 'notStarted' | 'closed' | 'closedEarly' | 'finished';

interface ProjectSeed {
  title: string;
  category: (typeof CATEGORY_NAMES)[number];
  organizer: string;
  state: StateKind;
  feeInFen: number;
  exam: boolean;
  find: string[];
  home: string[];
  region: string;
  positions: [string, string, string, number, string][];
}

const CATEGORY_NAMES = [
  '公务员',
  '事业单位',
  '教师招聘',
  '医疗卫生',
  '国企招聘',
  '职业资格',
  '学科竞赛',
] as const;

const P = (
  title: string,
  category: (typeof CATEGORY_NAMES)[number],
  organizer: string,
  state: StateKind,
  feeInFen: number,
  exam: boolean,
  find: string[],
  home: string[],
  region: string,
  positionList: ProjectSeed['positions'],
): ProjectSeed => ({
  title,
  category,
  organizer,
  state,
  feeInFen,
  exam,
  find,
  home,
  region,
  positions: positionList,
});

const CIVIL: ProjectSeed['positions'] = [
  ['10001', '综合管理岗', '办公室', 2, '本科及以上学历，学士学位；中共党员优先'],
  [
    '10002',
    '法律事务岗',
    '政策法规处',
    1,
    '法学类专业，本科及以上学历，通过国家统一法律职业资格考试',
  ],
  ['10003', '财务管理岗', '财务处', 1, '会计学、财务管理专业，本科及以上学历'],
];
const TEACH: ProjectSeed['positions'] = [
  ['20001', '初中语文教师', '区属初级中学', 5, '汉语言文学相关专业，持初中及以上语文教师资格证'],
  ['20002', '初中数学教师', '区属初级中学', 4, '数学类专业，持初中及以上数学教师资格证'],
  ['20003', '小学英语教师', '区属小学', 3, '英语专业，持小学及以上英语教师资格证，英语专业四级'],
];
const MED: ProjectSeed['positions'] = [
  ['30001', '临床医师', '内科', 6, '临床医学专业，硕士及以上学历，取得执业医师资格'],
  ['30002', '护士', '护理部', 10, '护理学专业，大专及以上学历，取得护士执业资格'],
  ['30003', '药剂师', '药学部', 2, '药学专业，本科及以上学历'],
];
const SOE: ProjectSeed['positions'] = [
  ['40001', '软件开发工程师', '信息技术中心', 4, '计算机相关专业，本科及以上学历，熟悉Java或Go'],
  ['40002', '财务专员', '财务部', 2, '财会类专业，本科及以上学历，持初级会计证'],
  ['40003', '项目管理专员', '工程管理部', 3, '土木、工程管理相关专业，本科及以上学历'],
];
const CERT: ProjectSeed['positions'] = [
  ['50001', '考试科目一', '考务中心', 0, '符合报考条件的考生均可报名'],
  ['50002', '考试科目二', '考务中心', 0, '符合报考条件的考生均可报名'],
];
const CONTEST: ProjectSeed['positions'] = [
  ['60001', '本科组', '竞赛组委会', 0, '全日制在校本科生'],
  ['60002', '研究生组', '竞赛组委会', 0, '全日制在校研究生'],
];

const PROJECTS: ProjectSeed[] = [
  P(
    SEED_PROJECTS.journey,
    '职业资格',
    '工业和信息化部教育与考试中心',
    'applying',
    8000,
    true,
    ['职业资格'],
    ['热门推荐', '职业资格'],
    '北京',
    CERT,
  ),
  P(
    SEED_PROJECTS.submitted,
    '公务员',
    '北京市委组织部',
    'applying',
    0,
    false,
    ['公务员', '北京'],
    ['热门推荐', '公务员'],
    '北京',
    CIVIL,
  ),
  P(
    SEED_PROJECTS.underReview,
    '事业单位',
    '海淀区人力资源和社会保障局',
    'applying',
    5000,
    false,
    ['事业单位', '北京'],
    ['事业单位'],
    '北京',
    CIVIL,
  ),
  P(
    SEED_PROJECTS.returned,
    '教师招聘',
    '浦东新区教育局',
    'applying',
    0,
    false,
    ['教师招聘', '上海'],
    ['热门推荐', '教师招聘'],
    '上海',
    TEACH,
  ),
  P(
    SEED_PROJECTS.approvedUnpaid,
    '职业资格',
    '财政部会计资格评价中心',
    'applying',
    5600,
    false,
    ['职业资格'],
    ['职业资格'],
    '北京',
    CERT,
  ),
  P(
    SEED_PROJECTS.paidExam,
    '职业资格',
    '人力资源和社会保障部职业技能鉴定中心',
    'applying',
    12000,
    true,
    ['技能等级'],
    ['职业资格'],
    '北京',
    CERT,
  ),
  P(
    SEED_PROJECTS.shortExam,
    '职业资格',
    '应急管理部宣传教育中心',
    'applying',
    1000,
    true,
    ['技能等级'],
    [],
    '北京',
    CERT,
  ),
  P(
    SEED_PROJECTS.ticketIssued,
    '医疗卫生',
    '广州市卫生健康委员会',
    'closed',
    10000,
    false,
    ['医疗卫生', '广东'],
    ['医疗卫生'],
    '广东',
    MED,
  ),
  P(
    SEED_PROJECTS.finished,
    '学科竞赛',
    '中国数学会',
    'finished',
    3000,
    true,
    ['学科竞赛'],
    ['学科竞赛'],
    '北京',
    CONTEST,
  ),
  P(
    SEED_PROJECTS.rejected,
    '国企招聘',
    '浙江省国资委',
    'applying',
    0,
    false,
    ['国企招聘', '浙江'],
    ['国企招聘'],
    '浙江',
    SOE,
  ),
  P(
    SEED_PROJECTS.free,
    '学科竞赛',
    '教育部高等教育司',
    'applying',
    0,
    true,
    ['学科竞赛', '技能大赛'],
    ['热门推荐', '学科竞赛'],
    '北京',
    CONTEST,
  ),
  P(
    '2026年度中央机关及其直属机构考试录用公务员',
    '公务员',
    '国家公务员局',
    'notStarted',
    0,
    false,
    ['公务员'],
    ['热门推荐', '公务员'],
    '北京',
    CIVIL,
  ),
  P(
    '上海市2026年度考试录用公务员',
    '公务员',
    '上海市公务员局',
    'closed',
    0,
    false,
    ['公务员', '上海'],
    ['公务员'],
    '上海',
    CIVIL,
  ),
  P(
    '广东省2026年考试录用公务员',
    '公务员',
    '广东省公务员局',
    'applying',
    0,
    false,
    ['公务员', '广东'],
    ['公务员'],
    '广东',
    CIVIL,
  ),
  P(
    '浙江省2026年度考试录用公务员',
    '公务员',
    '浙江省公务员局',
    'finished',
    0,
    false,
    ['公务员', '浙江'],
    ['公务员'],
    '浙江',
    CIVIL,
  ),
  P(
    '杭州市属事业单位2026年统一公开招聘',
    '事业单位',
    '杭州市人力资源和社会保障局',
    'applying',
    5000,
    false,
    ['事业单位', '浙江'],
    ['事业单位'],
    '浙江',
    CIVIL,
  ),
  P(
    '深圳市福田区2026年公开招聘社区专职工作者',
    '事业单位',
    '福田区民政局',
    'closedEarly',
    0,
    false,
    ['事业单位', '广东'],
    ['事业单位'],
    '广东',
    CIVIL,
  ),
  P(
    '北京市朝阳区卫生健康委员会所属事业单位2026年招聘',
    '事业单位',
    '朝阳区卫生健康委员会',
    'notStarted',
    4000,
    false,
    ['事业单位', '医疗卫生', '北京'],
    ['事业单位', '医疗卫生'],
    '北京',
    MED,
  ),
  P(
    '2026年上半年中小学教师资格考试（笔试）',
    '教师招聘',
    '教育部教育考试院',
    'applying',
    7000,
    true,
    ['教师招聘', '职业资格'],
    ['热门推荐', '教师招聘'],
    '北京',
    TEACH,
  ),
  P(
    '广州市天河区2026年公开招聘中小学教师',
    '教师招聘',
    '天河区教育局',
    'closed',
    0,
    false,
    ['教师招聘', '广东'],
    ['教师招聘'],
    '广东',
    TEACH,
  ),
  P(
    '杭州市西湖区教育局2026年秋季教师招聘',
    '教师招聘',
    '西湖区教育局',
    'finished',
    0,
    false,
    ['教师招聘', '浙江'],
    ['教师招聘'],
    '浙江',
    TEACH,
  ),
  P(
    '上海市第一人民医院2026年住院医师规范化培训招录',
    '医疗卫生',
    '上海市第一人民医院',
    'applying',
    0,
    true,
    ['医疗卫生', '上海'],
    ['医疗卫生'],
    '上海',
    MED,
  ),
  P(
    '2026年护士执业资格考试',
    '医疗卫生',
    '国家卫生健康委人才交流服务中心',
    'notStarted',
    6000,
    false,
    ['医疗卫生', '职业资格'],
    ['医疗卫生', '职业资格'],
    '北京',
    CERT,
  ),
  P(
    '浙江大学医学院附属医院2026年招聘',
    '医疗卫生',
    '浙江大学医学院附属第一医院',
    'finished',
    0,
    false,
    ['医疗卫生', '浙江'],
    ['医疗卫生'],
    '浙江',
    MED,
  ),
  P(
    '国家电网有限公司2026年高校毕业生招聘（第二批）',
    '国企招聘',
    '国家电网有限公司',
    'applying',
    0,
    true,
    ['国企招聘'],
    ['热门推荐', '国企招聘'],
    '北京',
    SOE,
  ),
  P(
    '中国建筑第八工程局2026届校园招聘',
    '国企招聘',
    '中国建筑第八工程局有限公司',
    'closed',
    0,
    false,
    ['国企招聘', '上海'],
    ['国企招聘'],
    '上海',
    SOE,
  ),
  P(
    '广州地铁集团2026年社会招聘',
    '国企招聘',
    '广州地铁集团有限公司',
    'notStarted',
    0,
    false,
    ['国企招聘', '广东'],
    ['国企招聘'],
    '广东',
    SOE,
  ),
  P(
    '2026年度一级建造师执业资格考试',
    '职业资格',
    '住房和城乡建设部执业资格注册中心',
    'closed',
    9000,
    false,
    ['职业资格'],
    ['职业资格'],
    '北京',
    CERT,
  ),
  P(
    '2026年全国专业技术人员职业资格证书（人力资源管理师）',
    '职业资格',
    '中国人事科学研究院',
    'closedEarly',
    8000,
    true,
    ['职业资格', '技能等级'],
    ['职业资格'],
    '北京',
    CERT,
  ),
  P(
    '2026年全国翻译专业资格（水平）考试',
    '职业资格',
    '中国外文局翻译院',
    'notStarted',
    5500,
    false,
    ['职业资格'],
    ['职业资格'],
    '北京',
    CERT,
  ),
  P(
    '2026年全国大学生英语竞赛',
    '学科竞赛',
    '高等学校大学外语教学研究会',
    'finished',
    2500,
    true,
    ['学科竞赛'],
    ['学科竞赛'],
    '北京',
    CONTEST,
  ),
  P(
    '2026年全国大学生电子设计竞赛',
    '学科竞赛',
    '全国大学生电子设计竞赛组委会',
    'applying',
    0,
    false,
    ['学科竞赛', '技能大赛'],
    ['学科竞赛'],
    '北京',
    CONTEST,
  ),
  P(
    '第十届全国大学生化学实验邀请赛',
    '学科竞赛',
    '中国化学会',
    'closed',
    1500,
    false,
    ['学科竞赛'],
    ['学科竞赛'],
    '上海',
    CONTEST,
  ),
  P(
    '2026年全国职业院校技能大赛（网络安全赛项）',
    '学科竞赛',
    '全国职业院校技能大赛执委会',
    'applying',
    2000,
    true,
    ['技能大赛'],
    ['学科竞赛'],
    '广东',
    CONTEST,
  ),
];

/** Online assessments a candidate takes any time after paying, while applications are open. */
const ROLLING_EXAMS: ReadonlySet<string> = new Set([
  SEED_PROJECTS.journey,
  SEED_PROJECTS.paidExam,
  SEED_PROJECTS.shortExam,
]);

/** A venue exam's test centre per province: a named school and its street address. */
const VENUES: Record<string, string> = {
  北京: '北京市第八十中学考点（北京市朝阳区望京北路甲1号）',
  上海: '上海市格致中学考点（上海市黄浦区广西北路66号）',
  广东: '广州市第六中学考点（广州市海珠区前进路121号）',
  浙江: '杭州市第十四中学考点（杭州市上城区凤起路580号）',
};

/** Telephone area codes: the city in the title first, else the project's province's capital. */
const AREA_CODES: [place: string, code: string][] = [
  ['杭州', '0571'],
  ['深圳', '0755'],
  ['广州', '020'],
  ['上海', '021'],
  ['北京', '010'],
  ['浙江', '0571'],
  ['广东', '020'],
];
function areaCodeOf(p: Pick<ProjectSeed, 'title' | 'region'>): string {
  const hit =
    AREA_CODES.find(([place]) => p.title.includes(place)) ??
    AREA_CODES.find(([place]) => p.region === place);
  return hit?.[1] ?? '010';
}

/** A notice title names its project without the year and the organiser's long prefix. */
function shortTitleOf(title: string): string {
  return title.replace(/^\d{4}年度?/, '').replace(/（[^）]*）/g, '');
}

/** The second notice of a project, as its state would have it (no two projects say the same). */
const APPLYING_FOLLOW_UPS = [
  (short: string) => `关于${short}报名资格审核安排的说明`,
  (short: string) => `${short}报名常见问题解答`,
  (short: string) => `${short}缴费及准考证打印时间安排`,
  (short: string) => `${short}考试大纲及参考书目`,
  (short: string) => `关于${short}延长咨询服务时间的通知`,
];
/** What that second notice says, as its title promises. */
const FOLLOW_UP_TEXT: Record<StateKind, string> = {
  applying:
    '<p>资格审核将在考生提交报名后3个工作日内完成。审核结果通过站内消息通知，请及时登录查看；退回修改的请按审核意见修改后重新提交。</p>',
  notStarted: '<p>报名开始前请先完成实名认证并完善报名档案，报名时将自动带出常用信息。</p>',
  closed:
    '<p>报名已截止。准考证于考试前7天开放打印，请按准考证上的时间和考点参加考试，并携带有效身份证件原件。</p>',
  closedEarly:
    '<p>因报名人数已达招聘计划要求，本项目报名提前截止，此后不再受理新的报名；已提交的报名按原计划进行资格审核。</p>',
  finished:
    '<p>本次考试成绩已发布，考生可登录平台查询。对成绩有异议的，可在成绩公布后5个工作日内申请复核。</p>',
};
const FOLLOW_UP_TITLE: Record<StateKind, (short: string, index: number) => string> = {
  applying: (short, index) => APPLYING_FOLLOW_UPS[index % APPLYING_FOLLOW_UPS.length]!(short),
  notStarted: (short) => `${short}报名须知`,
  closed: (short) => `${short}准考证打印及考试安排通知`,
  closedEarly: (short) => `关于${short}报名提前截止的通知`,
  finished: (short) => `${short}成绩公布`,
};

/**
 * Apply and exam windows relative to the seeding moment, so states hold whenever tests run; each
 * project's own (spread by its place in the list), opening at 09:00 and closing at 17:00 Beijing
 * time as organisers' offices do, the exam at 09:00 (two hours online, two and a half at a venue).
 */
/**
 * A venue exam's tickets open a week before it, as organisers announce (准考证打印时间); shown
 * where that week has begun, so the demo's open projects still print at payment for its journeys.
 * An online exam's ticket opens at payment.
 */
function ticketOpensAtFor(online: boolean, examStartAt: Date | null, now: number): Date | null {
  if (online || !examStartAt) return null;
  const opensAt = new Date(examStartAt.getTime() - TICKET_WEEK_MS);
  return opensAt.getTime() <= now ? opensAt : null;
}
const TICKET_WEEK_MS = 7 * DAY;

function windowFor(state: StateKind, now: number, exam: boolean, index: number) {
  const officeHour = (days: number, hour: number) =>
    fromBeijingDateTime(
      `${beijingDate(new Date(now + days * DAY))} ${String(hour).padStart(2, '0')}:00:00`,
    );
  const opens = (days: number) => officeHour(days, 9);
  const closes = (days: number) => officeHour(days, 17);
  const examOn = (days: number) => {
    const examStartAt = officeHour(days, 9);
    return {
      examStartAt,
      examEndAt: new Date(examStartAt.getTime() + (exam ? 120 : 150) * 60_000),
    };
  };
  switch (state) {
    case 'applying': {
      const closing = 14 + ((index * 11) % 45);
      return {
        applyStartAt: opens(-(2 + ((index * 5) % 18))),
        applyEndAt: closes(closing),
        ...examOn(closing + 10 + (index % 3) * 4),
        closedAt: null,
        finishedAt: null,
      };
    }
    case 'notStarted': {
      const opening = 3 + ((index * 3) % 12);
      return {
        applyStartAt: opens(opening),
        applyEndAt: closes(opening + 20 + (index % 10)),
        ...examOn(opening + 45 + (index % 10)),
        closedAt: null,
        finishedAt: null,
      };
    }
    case 'closed':
      return {
        applyStartAt: opens(-(40 + (index % 15))),
        applyEndAt: closes(-(2 + (index % 6))),
        ...examOn(6 + (index % 10)),
        closedAt: null,
        finishedAt: null,
      };
    case 'closedEarly':
      return {
        applyStartAt: opens(-20),
        applyEndAt: closes(20),
        ...examOn(40),
        closedAt: closes(-2),
        finishedAt: null,
      };
    case 'finished':
      return {
        applyStartAt: opens(-(120 + (index % 20))),
        applyEndAt: closes(-(95 + (index % 10))),
        ...examOn(-(80 + (index % 5))),
        closedAt: null,
        finishedAt: closes(-30),
      };
  }
}

/** Two answered questions each project's candidates would ask, by its kind (shown to everyone). */
const ANSWERED_QUESTIONS: Record<(typeof CATEGORY_NAMES)[number], [string, string][]> = {
  公务员: [
    [
      '应届毕业生还没有拿到毕业证，可以报考吗？',
      '可以。2026年应届毕业生可先以就业推荐表报名，资格复审时须提供毕业证书和学位证书。',
    ],
    [
      '基层工作经历怎么计算？',
      '基层工作经历时间计算截至报名截止之日，须提供劳动合同或社保缴纳证明。',
    ],
  ],
  事业单位: [
    [
      '岗位要求的“相关专业”具体指哪些？',
      '以岗位表“专业要求”栏为准，未列出的相近专业请在报名前致电咨询，资格审核时以毕业证书所载专业为准。',
    ],
    ['在职人员报考需要单位同意吗？', '在职人员须在资格复审时提供所在单位同意报考的证明。'],
  ],
  教师招聘: [
    [
      '还没有取得教师资格证可以报名吗？',
      '可以先报名，须在2026年8月31日前取得相应学段、学科的教师资格证书，否则取消聘用资格。',
    ],
    ['面试试讲的教材版本是什么？', '试讲使用本区现行教材，具体篇目在面试当天抽签确定。'],
  ],
  医疗卫生: [
    ['规培在读可以报名吗？', '规培在读人员须在2026年7月31日前完成规培并取得合格证书，方可报考。'],
    [
      '执业医师资格证还在注册中，怎么上传？',
      '可先上传资格证书，并在备注中说明注册进度，资格复审时提供执业证书。',
    ],
  ],
  国企招聘: [
    ['非应届毕业生可以报名吗？', '本次招聘面向2026届高校毕业生，往届生请关注社会招聘公告。'],
    ['笔试考什么内容？', '笔试为综合能力测试和专业知识，具体范围见招聘公告附件。'],
  ],
  职业资格: [
    [
      '报考条件里的工作年限怎么算？',
      '工作年限计算截至2026年12月31日，须由所在单位出具工作年限证明。',
    ],
    ['成绩有效期是几年？', '各科目成绩在连续两个考试年度内有效。'],
  ],
  学科竞赛: [
    ['可以跨校组队吗？', '不可以，参赛队伍成员须为同一所高校的在籍学生。'],
    ['获奖证书什么时候发放？', '成绩公布后一个月内由各校竞赛负责人统一领取发放。'],
  ],
};

const COLORS: Record<string, [string, string]> = {
  公务员: ['#c9302c', '#f0625d'],
  事业单位: ['#1d4ed8', '#60a5fa'],
  教师招聘: ['#047857', '#34d399'],
  医疗卫生: ['#0e7490', '#22d3ee'],
  国企招聘: ['#b45309', '#fbbf24'],
  职业资格: ['#6d28d9', '#a78bfa'],
  学科竞赛: ['#be185d', '#f472b6'],
};

/** A small self-contained cover image, so the seed needs no files. */
export function coverImage(text: string, [from, to]: [string, string], width = 640, height = 320) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><text x="50%" y="54%" font-size="${Math.round(height / 7)}" font-family="sans-serif" fill="#fff" text-anchor="middle">${text}</text></svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** What each kind of project asks of its candidates, as its announcement says it. */
const CONDITIONS: Record<(typeof CATEGORY_NAMES)[number], string[]> = {
  公务员: [
    '具有中华人民共和国国籍，拥护中华人民共和国宪法；',
    '年龄为18周岁以上、35周岁以下（硕士、博士研究生放宽到40周岁以下）；',
    '具有大学本科及以上学历，具备职位要求的工作能力和基层工作经历。',
  ],
  事业单位: [
    '遵守宪法和法律，具有良好的品行和职业道德；',
    '具有岗位所需的学历、学位、专业或技能条件；',
    '适应岗位要求的身体条件。',
  ],
  教师招聘: [
    '热爱教育事业，具有良好的师德师风；',
    '具有相应学段、学科的教师资格证书（应届毕业生可在规定时间内取得）；',
    '普通话水平达到二级乙等及以上（语文教师二级甲等及以上）。',
  ],
  医疗卫生: [
    '具有相应的医学专业学历和执业资格；',
    '临床岗位须取得住院医师规范化培训合格证书（应届规培生除外）；',
    '身体健康，能适应医疗岗位工作。',
  ],
  国企招聘: [
    '2026届国内普通高校毕业生，或2024、2025届未落实工作单位的毕业生；',
    '所学专业与应聘岗位相符，具备相应的专业能力；',
    '诚实守信，具有良好的团队合作精神。',
  ],
  职业资格: [
    '遵守国家法律法规，恪守职业道德；',
    '具有相应学历并从事本职业（工种）工作满规定年限；',
    '报考条件以人力资源社会保障部门公布的职业标准为准。',
  ],
  学科竞赛: [
    '全国普通高校在籍本科生、专科生均可报名；',
    '以个人或学校为单位报名，参赛学生须如实填写学籍信息；',
    '遵守竞赛规则，独立完成竞赛题目。',
  ],
};

function introduction(p: ProjectSeed, fee: number, phone: string): string {
  const feeText =
    fee > 0
      ? `报名费 ${(fee / 100).toFixed(2)} 元/人，资格审核通过后在线缴纳。`
      : '本项目免费报名。';
  return `<h3>一、项目简介</h3><p>${p.organizer}现组织“${p.title}”，本着公开、平等、竞争、择优的原则，欢迎符合条件的人员报名。</p>
<h3>二、报名条件</h3><ul>${CONDITIONS[p.category].map((c) => `<li>${c}</li>`).join('')}<li>具体岗位条件详见“岗位信息”。</li></ul>
<h3>三、报名方式</h3><p>本次报名一律采取网上报名方式，考生登录本平台填写报名表并上传证件照。每人限报一个岗位。</p>
<h3>四、缴费说明</h3><p>${feeText}</p>
<h3>五、考试安排</h3><p>${p.exam ? '本项目采用在线考试方式，考生缴费（或审核通过）后在规定时间内登录平台参加考试。' : '考试时间、地点以准考证为准，请考生按时打印准考证。'}</p>
<h3>六、咨询电话</h3><p>${phone}（工作日 9:00-17:00）</p>`;
}

const yesNo = [
  { Label: '是', Value: 'yes' },
  { Label: '否', Value: 'no' },
];

/** The typical form: every field type, conditional work fields, upload rules. */
export function standardFormFields(minBirth = '1986-01-01', maxBirth = '2006-12-31'): FormField[] {
  return [
    {
      FieldId: 'name',
      Label: '姓名',
      Type: 'text',
      Required: true,
      MinLength: 2,
      MaxLength: 20,
      Placeholder: '与身份证一致',
    },
    {
      FieldId: 'gender',
      Label: '性别',
      Type: 'radio',
      Required: true,
      Options: [
        { Label: '男', Value: 'male' },
        { Label: '女', Value: 'female' },
      ],
    },
    {
      FieldId: 'idNumber',
      Label: '身份证号',
      Type: 'idcard',
      Required: true,
      Placeholder: '18位居民身份证号码',
    },
    {
      FieldId: 'birthDate',
      Label: '出生日期',
      Type: 'date',
      Required: true,
      MinDate: minBirth,
      MaxDate: maxBirth,
      BirthDateOf: 'idNumber',
    },
    { FieldId: 'mobile', Label: '手机号', Type: 'mobile', Required: true },
    {
      FieldId: 'email',
      Label: '邮箱',
      Type: 'email',
      Required: false,
      Hint: '用于接收通知，可不填',
    },
    {
      FieldId: 'education',
      Label: '学历',
      Type: 'select',
      Required: true,
      Options: [
        { Label: '大专', Value: 'college' },
        { Label: '本科', Value: 'bachelor' },
        { Label: '硕士研究生', Value: 'master' },
        { Label: '博士研究生', Value: 'doctor' },
      ],
    },
    { FieldId: 'major', Label: '专业', Type: 'text', Required: true, MaxLength: 50 },
    { FieldId: 'hukou', Label: '户籍所在地', Type: 'region', Required: true, Sensitive: true },
    { FieldId: 'hasWork', Label: '是否有工作经历', Type: 'radio', Required: true, Options: yesNo },
    {
      FieldId: 'workUnit',
      Label: '工作单位',
      Type: 'text',
      Required: true,
      MaxLength: 100,
      ShowWhen: { FieldId: 'hasWork', Values: ['yes'] },
    },
    {
      FieldId: 'workYears',
      Label: '工作年限',
      Type: 'number',
      Required: true,
      Min: 0,
      Max: 40,
      ShowWhen: { FieldId: 'hasWork', Values: ['yes'] },
    },
    {
      FieldId: 'skills',
      Label: '特长',
      Type: 'checkbox',
      Required: false,
      MaxLength: 3,
      Options: [
        { Label: '计算机', Value: 'computer' },
        { Label: '外语', Value: 'language' },
        { Label: '写作', Value: 'writing' },
        { Label: '文体', Value: 'sports' },
      ],
    },
    {
      FieldId: 'resume',
      Label: '个人简历',
      Type: 'textarea',
      Required: false,
      MaxLength: 1000,
      Placeholder: '学习和工作经历，按时间顺序填写',
    },
    {
      FieldId: 'photo',
      Label: '证件照',
      Type: 'photo',
      Required: true,
      Accept: ['image/jpeg', 'image/png'],
      MaxSizeKb: 500,
      Hint: '近期免冠正面照，jpg/png，不超过500KB',
    },
    {
      FieldId: 'diploma',
      Label: '学历证明',
      Type: 'file',
      Required: false,
      Accept: ['application/pdf', 'image/jpeg'],
      MaxSizeKb: 2048,
      Hint: 'pdf或jpg，不超过2MB',
    },
  ];
}

/** A short form for contests and certificates: fewer fields, still checked the same way. */
function shortFormFields(): FormField[] {
  return standardFormFields().filter((f) =>
    [
      'name',
      'gender',
      'idNumber',
      'mobile',
      'email',
      'education',
      'major',
      'hukou',
      'photo',
    ].includes(f.FieldId),
  );
}

/** Fill-in-the-blank: any accepted text scores (trimmed, full-width folded). */
const BLANK_QUESTION = {
  type: 'blank' as const,
  content: '发生火灾时，应立即拨打火警电话（  ）。',
  options: [],
  answer: ['119'],
  score: 10,
  sort: 100,
};

interface SeedQuestion {
  type: 'single' | 'multiple' | 'judge';
  content: string;
  options: [string, string][];
  answer: string[];
  score: number;
}
const KEYS = ['A', 'B', 'C', 'D'];
const single = (content: string, options: string[], answer: string): SeedQuestion => ({
  type: 'single',
  content,
  options: options.map((text, i) => [KEYS[i]!, text]),
  answer: [answer],
  score: 10,
});
const multiple = (content: string, options: string[], answer: string[]): SeedQuestion => ({
  type: 'multiple',
  content,
  options: options.map((text, i) => [KEYS[i]!, text]),
  answer,
  score: 15,
});
const judge = (content: string, correct: boolean): SeedQuestion => ({
  type: 'judge',
  content,
  options: [
    ['T', '正确'],
    ['F', '错误'],
  ],
  answer: [correct ? 'T' : 'F'],
  score: 10,
});

/**
 * Each paper asks about its own subject. The papers share one shape (the keys A, B, C, D, ABD, ABC,
 * 正确, 错误, 正确 in this order, 100 points), which the exam tests and journeys answer by.
 */
const QUESTION_BANKS = {
  computer: [
    single(
      '在Windows中，复制选中内容的快捷键是（  ）。',
      ['Ctrl+C', 'Ctrl+V', 'Ctrl+X', 'Ctrl+Z'],
      'A',
    ),
    single('在Excel中，求一组数值平均值的函数是（  ）。', ['SUM', 'AVERAGE', 'COUNT', 'MAX'], 'B'),
    single(
      '计算机存储容量的基本单位是（  ）。',
      ['位（bit）', '字长', '字节（Byte）', '千字节（KB）'],
      'C',
    ),
    single('下列文件扩展名中，表示Word文档的是（  ）。', ['.xlsx', '.pptx', '.txt', '.docx'], 'D'),
    multiple(
      '下列属于计算机输入设备的有（  ）。',
      ['键盘', '鼠标', '显示器', '扫描仪'],
      ['A', 'B', 'D'],
    ),
    multiple(
      '下列属于良好的网络安全习惯的有（  ）。',
      [
        '及时安装系统补丁',
        '设置足够复杂的密码',
        '不随意打开陌生邮件的附件',
        '把账号密码写在公开的群里',
      ],
      ['A', 'B', 'C'],
    ),
    judge('按Ctrl+S可以保存当前正在编辑的文档。', true),
    judge('关闭计算机时直接切断电源是最安全的方式。', false),
    judge('在Excel中输入公式时，应以“=”开头。', true),
  ],
  humanResources: [
    single(
      '劳动合同期限三个月以上不满一年的，试用期不得超过（  ）。',
      ['一个月', '二个月', '六个月', '三个月'],
      'A',
    ),
    single(
      '用人单位自用工之日起即与劳动者建立（  ）。',
      ['劳务关系', '劳动关系', '承揽关系', '委托关系'],
      'B',
    ),
    single(
      '绩效管理的根本目的是（  ）。',
      ['确定薪酬等级', '淘汰不合格员工', '提升员工和组织的绩效', '完成年度考核表'],
      'C',
    ),
    single(
      '已建立劳动关系，未同时订立书面劳动合同的，应当自用工之日起（  ）内订立。',
      ['七日', '十五日', '三个月', '一个月'],
      'D',
    ),
    multiple(
      '下列属于外部招聘渠道的有（  ）。',
      ['校园招聘', '网络招聘', '内部晋升', '猎头推荐'],
      ['A', 'B', 'D'],
    ),
    multiple(
      '下列属于社会保险的有（  ）。',
      ['养老保险', '医疗保险', '失业保险', '商业寿险'],
      ['A', 'B', 'C'],
    ),
    judge('劳动者在试用期内提前三日通知用人单位，可以解除劳动合同。', true),
    judge('同一用人单位与同一劳动者可以约定两次试用期。', false),
    judge('用人单位应当按照劳动合同约定和国家规定，及时足额支付劳动报酬。', true),
  ],
  safety: [
    single(
      '我国安全生产工作的方针是（  ）。',
      ['安全第一、预防为主、综合治理', '效益优先、兼顾安全', '先生产、后安全', '谁主管、谁负责'],
      'A',
    ),
    single('安全色中，表示禁止、停止的颜色是（  ）。', ['黄色', '红色', '蓝色', '绿色'], 'B'),
    single(
      '用灭火器扑救初起火灾时，喷嘴应对准（  ）。',
      ['火焰上部', '火焰中部', '火焰根部', '周围地面'],
      'C',
    ),
    single(
      '发现有人触电，首先应当（  ）。',
      ['直接用手把人拉开', '用湿木棍挑开电线', '原地大声呼救', '立即切断电源'],
      'D',
    ),
    multiple(
      '从业人员依法享有的安全生产权利有（  ）。',
      [
        '了解岗位危险因素的知情权',
        '拒绝违章指挥的权利',
        '自行离岗休假的权利',
        '紧急情况下停止作业撤离的权利',
      ],
      ['A', 'B', 'D'],
    ),
    multiple(
      '火场逃生时，正确的做法有（  ）。',
      ['用湿毛巾捂住口鼻', '沿疏散指示标志撤离', '低姿势弯腰前进', '乘坐电梯尽快下楼'],
      ['A', 'B', 'C'],
    ),
    judge('生产经营单位应当对从业人员进行安全生产教育和培训。', true),
    judge('安全帽只要外观完好，就可以无限期使用。', false),
    judge('特种作业人员须经专门的安全作业培训并取得相应资格，方可上岗作业。', true),
  ],
  general: [
    single(
      '我国的根本政治制度是（  ）。',
      ['人民代表大会制度', '民族区域自治制度', '基层群众自治制度', '政治协商制度'],
      'A',
    ),
    single('全国人民代表大会每届任期（  ）年。', ['四', '五', '六', '三'], 'B'),
    single(
      '“不积跬步，无以至千里”出自（  ）。',
      ['《论语》', '《孟子》', '《荀子·劝学》', '《庄子》'],
      'C',
    ),
    single('下列属于可再生能源的是（  ）。', ['煤炭', '石油', '天然气', '太阳能'], 'D'),
    multiple(
      '下列属于我国古典四大名著的有（  ）。',
      ['《红楼梦》', '《水浒传》', '《聊斋志异》', '《西游记》'],
      ['A', 'B', 'D'],
    ),
    multiple(
      '公文的特定效用包括（  ）。',
      ['领导指导', '行为规范', '公务联系', '娱乐消遣'],
      ['A', 'B', 'C'],
    ),
    judge('我国宪法规定，中华人民共和国的一切权力属于人民。', true),
    judge('光在真空中的传播速度约为每秒30万千米，声音比光传播得更快。', false),
    judge('中华人民共和国公民在法律面前一律平等。', true),
  ],
} satisfies Record<string, SeedQuestion[]>;

/** Which bank a project's paper draws on, by its subject. */
function questionBankOf(title: string): SeedQuestion[] {
  if (title === SEED_PROJECTS.shortExam) return QUESTION_BANKS.safety;
  if (/计算机|网络安全/.test(title)) return QUESTION_BANKS.computer;
  if (/人力资源/.test(title)) return QUESTION_BANKS.humanResources;
  return QUESTION_BANKS.general;
}

export async function seed(db: Database): Promise<void> {
  const [tenant] = await db.select().from(tenants).limit(1);
  if (!tenant) throw new Error('seed: tenants first');
  const tenantId = tenant.id;
  const now = Date.now();

  const categoryRows = await db
    .insert(categories)
    .values(CATEGORY_NAMES.map((name, sort) => ({ tenantId, name, sort })))
    .returning();
  const categoryId = new Map(categoryRows.map((c) => [c.name, c.id]));

  const HOME: [string, string, string][] = [
    ['热门推荐', 'fire', '#f53f3f'],
    ['公务员', 'bank', '#c9302c'],
    ['事业单位', 'building', '#1d4ed8'],
    ['教师招聘', 'book', '#047857'],
    ['医疗卫生', 'medicine-box', '#0e7490'],
    ['国企招聘', 'shop', '#b45309'],
    ['职业资格', 'safety-certificate', '#6d28d9'],
    ['学科竞赛', 'trophy', '#be185d'],
  ];
  const homeRows = await db
    .insert(labels)
    .values(
      HOME.map(([name, icon, color], sort) => ({
        tenantId,
        kind: 'home' as const,
        name,
        icon,
        color,
        sort,
      })),
    )
    .returning();
  const homeId = new Map(homeRows.map((l) => [l.name, l.id]));

  const FIND_TREE: [string, string, string[]][] = [
    ['招录考试', 'team', ['公务员', '事业单位', '教师招聘', '医疗卫生', '国企招聘']],
    ['资格认证', 'safety-certificate', ['职业资格', '技能等级']],
    ['竞赛活动', 'trophy', ['学科竞赛', '技能大赛']],
    ['按地区', 'environment', ['北京', '上海', '广东', '浙江']],
  ];
  const findId = new Map<string, number>();
  for (const [sort, [root, icon, children]] of FIND_TREE.entries()) {
    const [parent] = await db
      .insert(labels)
      .values({ tenantId, kind: 'find', name: root, icon, sort })
      .returning();
    const childRows = await db
      .insert(labels)
      .values(
        children.map((name, i) => ({
          tenantId,
          kind: 'find' as const,
          parentId: parent!.id,
          name,
          icon,
          sort: i,
        })),
      )
      .returning();
    for (const c of childRows) findId.set(c.name, c.id);
  }

  const [asker] = await db.select().from(users).where(eq(users.mobile, '13900139000'));

  for (const [index, p] of PROJECTS.entries()) {
    const phone = `${areaCodeOf(p)}-6${String(5500000 + index * 1371).slice(0, 7)}`;
    const window = windowFor(p.state, now, p.exam, index);
    if (ROLLING_EXAMS.has(p.title)) {
      window.examStartAt = new Date(now - DAY);
      window.examEndAt = window.applyEndAt;
    }
    const [project] = await db
      .insert(projects)
      .values({
        tenantId,
        title: p.title,
        organizer: p.organizer,
        coverUrl: coverImage(p.category, COLORS[p.category]!),
        categoryId: categoryId.get(p.category)!,
        ...window,
        examPlace: p.exam ? '线上考试' : (VENUES[p.region] ?? VENUES['北京']!),
        ticketOpensAt: ticketOpensAtFor(p.exam, window.examStartAt, now),
        feeInFen: p.feeInFen,
        // The demo's open paid projects allow a refund before the ticket (the refund journey).
        refundable: p.feeInFen > 0 && p.state === 'applying',
        introduction: introduction(p, p.feeInFen, phone),
        contactPhone: phone,
        hasOnlineExam: p.exam,
        sort: index,
        createdAt: new Date(window.applyStartAt.getTime() - 7 * DAY),
      })
      .returning();
    const projectId = project!.id;
    const labelIds = [...p.home.map((n) => homeId.get(n)), ...p.find.map((n) => findId.get(n))];
    const regionLabel = findId.get(p.region);
    if (regionLabel && !labelIds.includes(regionLabel)) labelIds.push(regionLabel);
    await db.insert(projectLabels).values(
      [...new Set(labelIds.filter((id): id is number => id !== undefined))].map((labelId) => ({
        projectId,
        labelId,
      })),
    );
    await db.insert(positions).values(
      p.positions.map(([code, name, department, quota, requirements], sort) => ({
        projectId,
        code,
        name,
        department,
        quota,
        requirements,
        sort,
      })),
    );
    const contest = p.category === '学科竞赛' || p.category === '职业资格';
    await db.insert(forms).values({
      projectId,
      title: `${p.title}报名表`,
      fields: contest ? shortFormFields() : standardFormFields(),
    });

    const published = window.applyStartAt.getTime() - 3 * DAY;
    const notices = [
      {
        projectId,
        title: `${p.title}${p.category === '学科竞赛' ? '通知' : p.category === '职业资格' ? '报名通知' : '公告'}`,
        content: `<p>${p.organizer}决定组织${p.title}。报名时间以平台显示为准，请考生认真阅读报考须知，如实填写报名信息。</p><p>联系电话：${phone}</p>`,
        publishedAt: new Date(published),
      },
    ];
    if (p.state !== 'notStarted')
      notices.push({
        projectId,
        title: FOLLOW_UP_TITLE[p.state](shortTitleOf(p.title), index),
        content: FOLLOW_UP_TEXT[p.state],
        // Spread over the past week, hours apart, as a platform's notices come.
        publishedAt: new Date(
          Math.min(
            now - (1 + (index % 7)) * DAY - (index % 5) * 3 * 3600_000,
            published + 12 * DAY,
          ),
        ),
      });
    await db.insert(projectNotices).values(notices);

    if (asker) {
      const asked = new Date(Math.min(now - 2 * DAY, window.applyStartAt.getTime() + DAY));
      await db.insert(projectQuestions).values([
        ...ANSWERED_QUESTIONS[p.category].map(([content, answer], i) => ({
          projectId,
          userId: asker.id,
          content,
          answer,
          answeredAt: new Date(asked.getTime() + (6 + i * 14) * 3600_000),
          isOpen: true,
          createdAt: new Date(asked.getTime() + i * 3600_000),
        })),
        {
          projectId,
          userId: asker.id,
          content: '我的证件照上传后显示不清晰，需要重新上传吗？',
          answer: '已为您核实，照片符合要求，无需重新上传。',
          answeredAt: new Date(asked.getTime() + 26 * 3600_000),
          isOpen: false,
          createdAt: new Date(asked.getTime() + 2 * 3600_000),
        },
        {
          projectId,
          userId: asker.id,
          content: p.exam
            ? '在线考试可以用平板电脑参加吗？需要摄像头吗？'
            : '考场会安排在哪个区？能否就近安排？',
          createdAt: new Date(asked.getTime() + 3 * 3600_000),
        },
      ]);
    }

    if (p.exam) {
      const short = p.title === SEED_PROJECTS.shortExam;
      const [paper] = await db
        .insert(examPapers)
        .values({
          projectId,
          title: `${p.title} · 在线考试`,
          ...(short
            ? { durationSeconds: 60, multipleScoring: 'PartialHalf', leaveLimit: 3 }
            : { durationSeconds: 60 * 60 }),
        })
        .returning();
      const paperQuestions = questionBankOf(p.title).map((q, sort) => ({
        ...q,
        options: q.options.map(([Key, Text]) => ({ Key, Text })),
        sort,
      }));
      const questions = short ? [...paperQuestions, BLANK_QUESTION] : paperQuestions;
      await db.insert(examQuestions).values(questions.map((q) => ({ ...q, paperId: paper!.id })));
    }
  }

  const projectByTitle = new Map(
    (await db.select({ id: projects.id, title: projects.title }).from(projects)).map((p) => [
      p.title,
      p.id,
    ]),
  );
  await db.insert(homeBanners).values([
    {
      tenantId,
      title: '2026年考试报名季 · 一站办理',
      imageUrl: coverImage('考试报名季 一站办理', ['#1677ff', '#69b1ff'], 750, 300),
      projectId: null,
      sort: 0,
    },
    {
      tenantId,
      title: SEED_PROJECTS.journey,
      imageUrl: coverImage('计算机应用能力在线测评', ['#6d28d9', '#a78bfa'], 750, 300),
      projectId: projectByTitle.get(SEED_PROJECTS.journey) ?? null,
      sort: 1,
    },
    {
      tenantId,
      title: SEED_PROJECTS.returned,
      imageUrl: coverImage('教师招聘 火热报名中', ['#047857', '#34d399'], 750, 300),
      projectId: projectByTitle.get(SEED_PROJECTS.returned) ?? null,
      sort: 2,
    },
  ]);
  await db.insert(homeSections).values([
    {
      tenantId,
      title: '热门报名',
      labelId: homeId.get('热门推荐')!,
      style: 'card',
      maxItems: 4,
      sort: 0,
    },
    {
      tenantId,
      title: '公务员 · 事业单位',
      labelId: homeId.get('公务员')!,
      style: 'list',
      maxItems: 4,
      sort: 1,
    },
    {
      tenantId,
      title: '教师招聘',
      labelId: homeId.get('教师招聘')!,
      style: 'list',
      maxItems: 4,
      sort: 2,
    },
    {
      tenantId,
      title: '职业资格',
      labelId: homeId.get('职业资格')!,
      style: 'card',
      maxItems: 4,
      sort: 3,
    },
  ]);
}
