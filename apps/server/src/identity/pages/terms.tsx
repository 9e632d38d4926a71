import { PortalLink, renderPage } from './layout.js';

function UserAgreement() {
  return (
    <>
      <p>欢迎使用本平台。注册账号即表示您同意本协议。</p>
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
      <p>协议内容变更时，平台会在登录或注册页面提示，您继续使用即视为同意变更后的协议。</p>
    </>
  );
}

function PrivacyPolicy() {
  return (
    <>
      <p>我们重视您的个人信息保护，并依照《中华人民共和国个人信息保护法》处理您的信息。</p>
      <h2>一、我们收集的信息</h2>
      <p>
        手机号（注册、登录和接收验证码）、姓名、身份证号、证件照片及报名表中您填写的内容（报名和资格审核）、缴费记录（订单与对账）。
      </p>
      <h2>二、信息的使用</h2>
      <p>
        这些信息仅用于您所报名项目的报名、审核、缴费、准考证、考试和成绩查询，并提供给该项目的主办单位。我们不会将其用于与报名无关的用途。
      </p>
      <h2>三、信息的展示</h2>
      <p>手机号和身份证号在页面、准考证和核验页面上默认部分隐藏显示。</p>
      <h2>四、您的权利</h2>
      <p>
        您可以在“我的—账号设置”中查看、修改个人资料，修改密码、更换手机号，或注销账号。注销后您的账号将无法再登录。
      </p>
      <h2>五、联系我们</h2>
      <p>如对个人信息处理有疑问，请通过项目页面公布的主办单位咨询电话联系。</p>
    </>
  );
}

/** The user agreement and the privacy policy, readable before signing up (no sign-in needed). */
export function renderTermsPage(input: {
  brand: string;
  kind: 'user' | 'privacy';
  homeUrl: string;
  elder: boolean;
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
          {input.kind === 'user' ? <UserAgreement /> : <PrivacyPolicy />}
        </div>
        <PortalLink homeUrl={input.homeUrl} />
      </>
    ),
  });
}
