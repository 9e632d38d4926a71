import type { Database } from '../db/client.js';
import { commonSolutions, externalProjects, tenants } from '../db/schema/index.js';

const DAY = 24 * 60 * 60 * 1000;

const SOLUTIONS = [
  {
    title: '事业单位公开招聘一站式解决方案',
    summary: '从岗位发布、在线报名、资格审查到缴费、准考证打印与成绩查询，全流程线上办理。',
    content: `<h2>方案概述</h2><p>面向各级事业单位的公开招聘场景，平台提供岗位管理、报名表单自定义、资格审查、在线缴费、准考证生成、成绩发布等完整能力。</p><h3>核心能力</h3><ul><li>岗位与招聘计划批量导入，支持专业、学历、年龄等条件设置</li><li>报名表单可视化配置，身份证号、手机号、照片等字段自动校验</li><li>多级资格审查，退回修改全程留痕</li><li>微信、支付宝在线缴费，自动对账</li></ul><h3>典型成效</h3><p>某市人社局使用后，单次招聘报名人数超过 <strong>3.2 万</strong>，资格审查时间缩短 <strong>60%</strong>。</p>`,
    days: 3,
  },
  {
    title: '职业技能等级认定报名方案',
    summary: '支持多工种、多等级的技能认定报名，自动匹配申报条件，考位实时可查。',
    content: `<h2>适用场景</h2><p>适用于职业技能等级认定机构、行业协会组织的技能考核报名。</p><h3>方案亮点</h3><ol><li>申报条件规则引擎：按工作年限、证书等级自动判断可报等级</li><li>考点考位管理：考位余量实时展示，报满自动关闭</li><li>理论考试在线化：题库随机组卷，交卷即出分</li></ol><p>已服务电工、焊工、保育师、健康管理师等 <strong>40 余个</strong>工种。</p>`,
    days: 10,
  },
  {
    title: '校园招聘与实习生选拔方案',
    summary: '为企业与高校打造的校招平台，简历投递、在线测评、面试安排一体化。',
    content: `<h2>方案介绍</h2><p>企业可在平台发布校招项目，学生通过手机即可完成报名、上传简历与成绩单。</p><h3>流程</h3><p>网申 → 在线测评 → 初面 → 终面 → 录用通知，每一步都会通过站内消息与短信提醒候选人。</p><blockquote>“报名当天即收到 5000 余份有效简历，筛选效率大幅提升。”——某制造业企业人力资源部</blockquote>`,
    days: 18,
  },
  {
    title: '学科竞赛报名与成绩发布方案',
    summary: '面向中小学及高校学科竞赛，支持团体报名、指导教师管理与证书在线下载。',
    content: `<h2>功能清单</h2><table><thead><tr><th>环节</th><th>能力</th></tr></thead><tbody><tr><td>报名</td><td>个人报名与学校团体报名，指导教师信息登记</td></tr><tr><td>考试</td><td>线上初赛、线下复赛考场编排</td></tr><tr><td>成绩</td><td>分数、奖项一键发布，电子证书在线下载</td></tr></tbody></table><p>支持按省、市、区县分级管理赛区。</p>`,
    days: 26,
  },
  {
    title: '资格考试考务管理方案',
    summary: '覆盖考试计划、报名审核、考场编排、准考证、成绩复核的完整考务体系。',
    content: `<h2>考务全流程</h2><p>平台为各类资格类考试提供标准化考务支撑：</p><ul><li>考试计划与报名时间窗管理</li><li>照片规格自动检测，不合格照片即时提示重传</li><li>考场智能编排，考生座位号自动生成</li><li>准考证 PDF 生成与下载，支持二维码核验</li></ul><p>考试结束后提供成绩查询与复核申请通道。</p>`,
    days: 33,
  },
  {
    title: '培训报名与在线学习方案',
    summary: '培训课程报名、缴费、签到与结业考核一体化，学习记录全程可追溯。',
    content: `<h2>方案说明</h2><p>适用于继续教育、岗前培训、行业培训等场景。</p><h3>主要功能</h3><ul><li>课程报名与分班管理</li><li>扫码签到，出勤自动统计</li><li>结业在线考试与证书发放</li></ul><p>学员可在“我的项目”中随时查看学习进度与考核结果。</p>`,
    days: 45,
  },
];

const EXTERNAL_PROJECTS = [
  [
    '2025年度全国专业技术人员职业资格考试',
    '人力资源和社会保障部人事考试中心',
    '一级建造师、注册会计师等职业资格考试报名入口。',
    'https://www.cpta.com.cn/',
    40,
  ],
  [
    '全国计算机等级考试（NCRE）',
    '教育部教育考试院',
    '计算机等级考试报名，考试科目涵盖一至四级。',
    'https://ncre.neea.edu.cn/',
    25,
  ],
  [
    '全国大学英语四、六级考试',
    '教育部教育考试院',
    '大学英语四六级笔试及口语考试报名。',
    'https://cet.neea.edu.cn/',
    30,
  ],
  [
    '中小学教师资格考试',
    '教育部教育考试院',
    '笔试与面试报名，含幼儿园、小学、中学各学段。',
    'https://ntce.neea.edu.cn/',
    18,
  ],
  [
    '国家统一法律职业资格考试',
    '司法部国家司法考试中心',
    '法律职业资格客观题与主观题考试报名。',
    'https://www.moj.gov.cn/',
    55,
  ],
  [
    '全国翻译专业资格（水平）考试',
    '中国外文局翻译院',
    '英、日、法、俄等语种的口笔译资格考试。',
    'https://www.catticenter.com/',
    12,
  ],
  [
    '普通话水平测试',
    '国家语言文字工作委员会',
    '普通话水平测试在线报名与成绩查询。',
    'https://www.cltt.org/',
    8,
  ],
  [
    '全国会计专业技术资格考试',
    '财政部会计资格评价中心',
    '初级、中级、高级会计资格考试报名。',
    'https://kzp.mof.gov.cn/',
    60,
  ],
] as const;

export async function seed(db: Database): Promise<void> {
  const [tenant] = await db.select({ id: tenants.id }).from(tenants).limit(1);
  if (!tenant) throw new Error('seed: tenants first');
  const now = Date.now();
  await db.insert(commonSolutions).values(
    SOLUTIONS.map((s) => ({
      tenantId: tenant.id,
      title: s.title,
      summary: s.summary,
      content: s.content,
      coverUrl: '',
      publishedAt: new Date(now - s.days * DAY),
    })),
  );
  await db.insert(externalProjects).values(
    EXTERNAL_PROJECTS.map(([title, organizer, summary, url, daysLeft]) => ({
      tenantId: tenant.id,
      title,
      organizer,
      summary,
      url,
      applyEndAt: new Date(now + daysLeft * DAY),
    })),
  );
}
