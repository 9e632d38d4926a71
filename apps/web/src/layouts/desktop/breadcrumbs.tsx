import { Breadcrumb } from 'antd';
import { Link, useMatches } from 'react-router';
import { deepestHandle, paths, routeHandles } from '../../platform';

interface Crumb {
  title: string;
  path: string;
}

/** The trail to an inner page from the route handles' titles: 首页 › (parents) › the page. */
export function crumbsOf(matches: readonly { handle?: unknown; pathname: string }[]): Crumb[] {
  const titled = matches.filter((m) => routeHandles([m]).length > 0);
  const trail = titled.map((m) => ({ title: deepestHandle([m]).title, path: m.pathname }));
  const last = trail.at(-1);
  if (!last || last.path === paths.home()) return [];
  return [{ title: '首页', path: paths.home() }, ...trail];
}

/** Breadcrumbs on every page but the home page; the last one is the page itself. */
export function Breadcrumbs() {
  const crumbs = crumbsOf(useMatches());
  if (crumbs.length === 0) return null;
  return (
    <nav aria-label="当前位置" className="desktop-shell__crumbs">
      <Breadcrumb
        items={crumbs.map((c, i) =>
          i === crumbs.length - 1
            ? { title: <span aria-current="page">{c.title}</span> }
            : { title: <Link to={c.path}>{c.title}</Link> },
        )}
      />
    </nav>
  );
}
