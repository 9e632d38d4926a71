import './home-desktop.css';
import type { HomeLableLayout } from '@portal/contracts';
import { Input } from 'antd';
import { Link, useNavigate } from 'react-router';
import { ElderModeSwitch, paths, useElderMode } from '../../../platform';
import { EmptyBlock, LoadFailed, LoadingBlock } from '../../../shared/ui/desktop/query-states';
import { ProjectCard } from '../../project';
import { useHomeLables } from '../api/get-home-lable';
import { useHomeLableLayout } from '../api/get-home-lable-layout';
import { LableIcon } from '../components/lable-icon';
import { RunProjectLink } from '../components/run-project-link';
import { bannerTarget, sectionMoreTarget, shownSections, useRunStrip } from '../home-content';
import { SafeImage } from '../../../shared/ui/safe-image';

/** The desktop's shortcuts: the sections a candidate on a PC looks for besides the header's. */
const SHORTCUTS = [
  { to: paths.projectList(), title: '全部项目', icon: 'book', color: '#0958d9' },
  { to: paths.notice(), title: '消息通知', icon: 'fire', color: '#d4380d' },
  { to: paths.myRunProject(), title: '进行中', icon: 'trophy', color: '#be185d' },
  { to: paths.myLike(), title: '我的收藏', icon: 'medicine-box', color: '#0e7490' },
  { to: paths.externalProject(), title: '外部项目', icon: 'environment', color: '#047857' },
  { to: paths.commonTabPanel(), title: '解决方案', icon: 'safety-certificate', color: '#b45309' },
  { to: paths.saas(), title: '机构合作', icon: 'building', color: '#1d4ed8' },
  { to: paths.my(), title: '个人中心', icon: 'team', color: '#6d28d9' },
] as const;

function Search() {
  const navigate = useNavigate();
  return (
    <section className="home-hero" aria-labelledby="home-hero-title">
      <h2 className="home-hero__title" id="home-hero-title">
        找到你要报名的项目
      </h2>
      <div role="search" className="home-hero__search">
        <Input.Search
          size="large"
          enterButton="搜索"
          placeholder="搜索项目名称或主办单位"
          aria-label="搜索项目"
          type="search"
          allowClear
          onSearch={(value) => void navigate(paths.projectList({ Keyword: value.trim() }))}
        />
      </div>
    </section>
  );
}

function Banners({ banners }: { banners: HomeLableLayout['Banners'] }) {
  if (banners.length === 0) return null;
  return (
    <ul className="home-banners" aria-label="推荐">
      {banners.slice(0, 3).map((b) => (
        <li className="home-banners__item" key={`${b.Title}-${b.ProjectId ?? 0}`}>
          <Link className="home-banners__link" to={bannerTarget(b)}>
            <SafeImage className="home-banners__image" src={b.ImageUrl} alt="" />
            <span className="home-banners__caption">{b.Title}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function Sections({ sections }: { sections: HomeLableLayout['Sections'] }) {
  const shown = shownSections(sections);
  if (shown.length === 0)
    return (
      <EmptyBlock
        title="暂时没有推荐的项目"
        action={<Link to={paths.projectList()}>查看全部项目</Link>}
      />
    );
  return shown.map((s) => (
    <section
      className="d-section"
      key={s.SectionId}
      aria-labelledby={`home-section-${s.SectionId}`}
    >
      <div className="d-section__head">
        <h2 className="d-section__title" id={`home-section-${s.SectionId}`}>
          {s.Title}
        </h2>
        <Link className="d-section__more" to={sectionMoreTarget(s)}>
          更多<span className="visually-hidden">{s.Title}项目</span> ›
        </Link>
      </div>
      <ul className="d-list d-list--grid">
        {s.Projects.map((p) => (
          <li key={p.ProjectId}>
            <ProjectCard project={p} />
          </li>
        ))}
      </ul>
    </section>
  ));
}

/** Signed in with applications under way: each back to its flow. */
function RunStrip() {
  const items = useRunStrip();
  if (!items) return null;
  return (
    <section className="d-panel home-aside__block" aria-labelledby="home-run-title">
      <div className="d-section__head">
        <h2 className="d-section__title" id="home-run-title">
          进行中
        </h2>
        <Link className="d-section__more" to={paths.myRunProject()}>
          全部<span className="visually-hidden">进行中的项目</span> ›
        </Link>
      </div>
      <ul className="home-run">
        {items.map((a) => (
          <li key={a.ApplyId}>
            <RunProjectLink item={a} className="home-run__link" titleClassName="home-run__title" />
          </li>
        ))}
      </ul>
    </section>
  );
}

function LableEntries() {
  const lables = useHomeLables();
  if (lables.isPending) return <LoadingBlock rows={2} label="正在加载分类" />;
  if (lables.isError) return <LoadFailed onRetry={() => void lables.refetch()} />;
  if (lables.data.length === 0) return null;
  return (
    <nav className="d-panel home-aside__block" aria-labelledby="home-lables-title">
      <h2 className="d-section__title home-aside__title" id="home-lables-title">
        项目分类
      </h2>
      <ul className="home-entries">
        {lables.data.map((l) => (
          <li key={l.LableId}>
            <Link className="home-entries__link" to={paths.projectList({ LableId: l.LableId })}>
              <LableIcon icon={l.Icon} name={l.Name} color={l.Color} />
              <span>{l.Name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Shortcuts() {
  return (
    <nav className="d-panel home-aside__block" aria-labelledby="home-shortcuts-title">
      <h2 className="d-section__title home-aside__title" id="home-shortcuts-title">
        常用入口
      </h2>
      <ul className="home-entries">
        {SHORTCUTS.map((e) => (
          <li key={e.to}>
            <Link className="home-entries__link" to={e.to}>
              <LableIcon icon={e.icon} name={e.title} color={e.color} />
              <span>{e.title}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * home on a PC: search, banners, the recommended sections; beside them 长辈模式, what is mine, labels
 * and shortcuts. In 长辈模式 the banners and shortcuts give way.
 */
export default function HomePage() {
  const layout = useHomeLableLayout();
  const elder = useElderMode();
  return (
    <div className="home-desktop">
      <Search />
      <div className="home-desktop__columns">
        <div className="home-desktop__main">
          {layout.isPending ? (
            <LoadingBlock rows={8} label="正在加载首页" />
          ) : layout.isError ? (
            <LoadFailed onRetry={() => void layout.refetch()} />
          ) : (
            <>
              {elder ? null : <Banners banners={layout.data.Banners} />}
              <Sections sections={layout.data.Sections} />
            </>
          )}
        </div>
        <aside className="home-desktop__aside" aria-label="快捷入口">
          <ElderModeSwitch className="home-aside__block" />
          <RunStrip />
          <LableEntries />
          {elder ? null : <Shortcuts />}
        </aside>
      </div>
    </div>
  );
}
