import { PortalLink, renderPage } from './layout.js';

function UserAgreement() {
  return (
    <>
      <p>
        本协议是您与本平台运营方之间关于使用本平台报名、缴费、打印准考证和参加在线考试的约定。请在注册前仔细阅读；勾选同意并注册即表示您接受本协议。
      </p>
      <h2>一、账号</h2>
      <p>
        您应使用本人手机号注册，并对账号下的全部操作负责。请妥善保管密码，发现账号被他人使用时请立即修改密码并联系主办单位。
      </p>
      <h2>二、报名信息</h2>
      <p>
        您提交的报名信息、证件照片和材料应真实、准确、完整。因信息不实造成的资格审核不通过、取消考试资格等后果由您本人承担。
      </p>
      <h2>三、费用</h2>
      <p>
        报名费由项目主办单位收取，金额以项目页面公示为准。缴费成功后如需退费，按各项目公告的退费规则办理。
      </p>
      <h2>四、考试纪律</h2>
      <p>
        参加在线考试时，请遵守考试须知，不得替考、作弊或传播试题。平台会记录作答过程，违规行为将报告主办单位处理。
      </p>
      <h2>五、协议变更</h2>
      <p>
        协议内容有实质变更时，我们会更新本页的版本和日期，并在您下次登录时请您重新阅读和确认；您不同意的，可以停止使用并注销账号。
      </p>
    </>
  );
}

/** What the privacy policy says each time it is read: who, what, why, who else, how long, rights. */
function PrivacyPolicy({
  brand,
  retentionDays,
  coolingOffDays,
}: {
  brand: string;
  retentionDays: number;
  coolingOffDays: number;
}) {
  return (
    <>
      <p>
        我们依照《中华人民共和国个人信息保护法》《信息安全技术 个人信息安全规范》（GB/T
        35273-2020）处理您的个人信息。本政策说明我们处理哪些信息、为什么处理、交给谁、保存多久，以及您如何行使权利。
      </p>
      <h2>一、个人信息处理者</h2>
      <p>
        本平台（{brand}
        ）的运营方，以及您报名的项目的主办单位（在项目页面公示），在各自职责范围内处理您的个人信息。
      </p>
      <h2>二、我们处理的信息与目的</h2>
      <ul>
        <li>手机号：注册、登录、接收验证码和报名通知。</li>
        <li>
          姓名、身份证号：实名认证（身份证号与姓名核验）、报名资格审核、准考证和考试身份核验。
        </li>
        <li>报名表中填写的内容和上传的材料（证件照、学历证书等）：该项目的报名和资格审核。</li>
        <li>缴费记录：订单、对账和退费。</li>
        <li>在线考试的作答和离开考试页面的记录：评分和考试纪律。</li>
        <li>访问日志（不含身份证号和手机号）：保障系统安全。</li>
      </ul>
      <h2>三、敏感个人信息</h2>
      <p>
        身份证号、证件照（人脸图像），以及报名表中标明的户籍、健康、残疾等信息属于敏感个人信息。报名表收集这些信息前会单独告知用途、必要性和保存期限，并取得您的单独同意；不同意将无法提交该项目的报名，但不影响您使用其他功能。不满十四周岁的未成年人报名，须经父母或其他监护人同意。
      </p>
      <h2>四、谁会收到您的信息</h2>
      <ul>
        <li>您报名的项目的主办单位：仅限该项目的报名信息和材料，用于资格审核和考试组织。</li>
        <li>支付机构（微信支付、支付宝）：订单号和金额，用于完成缴费和退费；不提供身份证号。</li>
        <li>短信服务商：您的手机号和验证码或通知内容。</li>
        <li>实名认证服务商：姓名和身份证号，仅用于核验二者是否一致。</li>
      </ul>
      <p>除上述情形和法律法规要求外，我们不会向其他任何人提供您的个人信息。</p>
      <h2>五、保存期限</h2>
      <ul>
        <li>
          报名表中的敏感个人信息和上传的材料：保存至项目考试结束后{retentionDays}
          天，期满后删除（其他报名信息随报名记录保存）。
        </li>
        <li>
          账号信息：保存至您注销账号。注销后有{coolingOffDays}
          天冷静期，期间重新登录即可撤销注销；期满后删除您的姓名、身份证号、手机号、照片、上传的材料、报名档案和报名表内容，无法恢复。
        </li>
        <li>缴费记录：依照法律法规对交易记录的要求保存（身份信息隐去）。</li>
        <li>个人信息访问记录：至少保存六个月。</li>
      </ul>
      <h2>六、安全措施</h2>
      <p>
        身份证号、报名表内容和上传的文件均加密存储；页面、准考证和核验页面上的手机号和身份证号部分隐藏显示；日志不记录身份证号和手机号。
      </p>
      <h2>七、您的权利</h2>
      <p>
        您可以在「我的—账号设置」中查看和修改个人资料、修改密码、更换手机号或注销账号；报名审核通过后需更正的信息，请通过项目页面的「在线提问」联系主办单位。我们会在十五个工作日内答复您的请求。
      </p>
      <h2>八、联系我们</h2>
      <p>
        对个人信息处理有疑问或投诉，请通过项目页面的「在线提问」或主办单位公布的咨询电话联系我们。
      </p>
      <h2>九、政策变更</h2>
      <p>本政策有实质变更时，我们会更新本页的版本和日期，并在您下次登录时请您重新阅读和确认。</p>
    </>
  );
}

/** The user agreement and the privacy policy, readable before signing up (no sign-in needed). */
export function renderTermsPage(input: {
  brand: string;
  kind: 'user' | 'privacy';
  homeUrl: string;
  elder: boolean;
  /** Its version (the date it took effect), stored with each consent to it. */
  version: string;
  retentionDays: number;
  /** Days between closing an account and the erasure of its personal data. */
  coolingOffDays: number;
}): string {
  const title = input.kind === 'user' ? '用户协议' : '隐私政策';
  return renderPage({
    title,
    brand: input.brand,
    elder: input.elder,
    children: (
      <>
        <h1>{title}</h1>
        <div className="card terms">
          <p className="terms__version">
            版本 {input.version}，自 {input.version} 起生效
          </p>
          {input.kind === 'user' ? (
            <UserAgreement />
          ) : (
            <PrivacyPolicy
              brand={input.brand}
              retentionDays={input.retentionDays}
              coolingOffDays={input.coolingOffDays}
            />
          )}
        </div>
        <PortalLink homeUrl={input.homeUrl} />
      </>
    ),
  });
}
