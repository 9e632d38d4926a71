import { APP_TITLE } from '../platform';

/** §3: a missing or malformed runtime config is explained, never a blank page. */
export function ConfigErrorPage({ problems }: { problems: readonly string[] }) {
  return (
    <section className="status-page status-page--error config-error" role="alert">
      <h1 className="status-page__heading">页面配置有误，暂时无法使用</h1>
      <div className="status-page__detail">
        <p>{APP_TITLE}未能读取到正确的运行配置。请联系网站管理员检查以下配置项：</p>
        <ul className="config-error__list">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      </div>
    </section>
  );
}
