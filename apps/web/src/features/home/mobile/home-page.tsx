import './home.css';
import type { HomeLableLayout } from '@portal/contracts';
import { PullToRefresh, SearchBar } from 'antd-mobile';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ElderModeSwitch, paths, useElderMode } from '../../../platform';
import { LoadFailed } from '../../../shared/ui/mobile/query-states';
import { ProjectCard } from '../../project';
import { useHomeLables } from '../api/get-home-lable';
import { useHomeLableLayout } from '../api/get-home-lable-layout';
import { LableIcon } from '../components/lable-icon';
import { RunProjectLink } from '../components/run-project-link';
import { bannerTarget, sectionMoreTarget, shownSections, useRunStrip } from '../home-content';
import { SafeImage } from '../../../shared/ui/safe-image';

const ENTRIES = [
  { to: paths.projectList(), title: '全部项目', icon: 'book', color: '#0958d9' },
  { to: paths.notice(), title: '项目公告', icon: 'fire', color: '#d4380d' },
  { to: paths.find(), title: '发现', icon: 'environment', color: '#047857' },
  { to: paths.my(), title: '我的', icon: 'team', color: '#6d28d9' },
  { to: paths.questionMy(), title: '我的提问', icon: 'medicine-box', color: '#0e7490' },
  { to: paths.common(), title: '解决方案', icon: 'safety-certificate', color: '#b45309' },
  { to: paths.saas(), title: '机构合作', icon: 'building', color: '#1d4ed8' },
  { to: paths.myLike(), title: '我的收藏', icon: 'trophy', color: '#be185d' },
] as const;

function Banners({ banners }: { banners: HomeLableLayout['Banners'] }) {
  if (banners.length === 0) return null;
  return (
    <ul className="banners" aria-label="推荐">
      {banners.map((b) => (
        <li className="banners__item" key={`${b.Title}-${b.ProjectId ?? 0}`}>
          <Link className="banners__link" to={bannerTarget(b)}>
            <SafeImage className="banners__image" src={b.ImageUrl} alt={b.Title} />
          </Link>
        </li>
      ))}
    </ul>
  );
}

function LableEntries() {
  const lables = useHomeLables();
  if (!lables.data || lables.data.length === 0) return null;
  return (
    <nav className="m-section" aria-labelledby="home-lables-title">
      <h2 className="m-section__title" id="home-lables-title">
        项目分类
      </h2>
      <ul className="entry-grid">
        {lables.data.map((l) => (
          <li key={l.LableId}>
            <Link className="entry-grid__link" to={paths.projectList({ LableId: l.LableId })}>
              <LableIcon icon={l.Icon} name={l.Name} color={l.Color} />
              {l.Name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function QuickEntries() {
  return (
    <nav className="m-section" aria-labelledby="home-entries-title">
      <h2 className="m-section__title" id="home-entries-title">
        常用入口
      </h2>
      <ul className="entry-grid">
        {ENTRIES.map((e) => (
          <li key={e.to}>
            <Link className="entry-grid__link" to={e.to}>
              <LableIcon icon={e.icon} name={e.title} color={e.color} />
              {e.title}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Signed in with applications under way: a strip of them, each back to its flow. */
function RunStrip() {
  const items = useRunStrip();
  if (!items) return null;
  return (
    <section className="m-section" aria-labelledby="home-run-title">
      <div className="section-head">
        <h2 className="m-section__title" id="home-run-title">
          进行中
        </h2>
        <Link className="section-head__more" to={paths.myRunProject()}>
          全部<span className="visually-hidden">进行中的项目</span> ›
        </Link>
      </div>
      <ul className="plain-list">
        {items.map((a) => (
          <li key={a.ApplyId}>
            <RunProjectLink
              item={a}
              className="run-strip__link"
              titleClassName="run-strip__title"
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

function Sections({ sections }: { sections: HomeLableLayout['Sections'] }) {
  return shownSections(sections).map((s) => (
    <section
      className="m-section"
      key={s.SectionId}
      aria-labelledby={`home-section-${s.SectionId}`}
    >
      <div className="section-head">
        <h2 className="m-section__title" id={`home-section-${s.SectionId}`}>
          {s.Title}
        </h2>
        <Link className="section-head__more" to={sectionMoreTarget(s)}>
          更多<span className="visually-hidden">{s.Title}项目</span> ›
        </Link>
      </div>
      <ul className="home-projects">
        {s.Projects.map((p) => (
          <li key={p.ProjectId}>
            <ProjectCard project={p} />
          </li>
        ))}
      </ul>
    </section>
  ));
}

/**
 * The home tab: search, banners, label entries, shortcuts, my applications under way, sections.
 * In 长辈模式 the banners and shortcuts give way (fewer things to a screen).
 */
export default function HomePage() {
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');
  const layout = useHomeLableLayout();
  const lables = useHomeLables();
  const elder = useElderMode();

  return (
    <div className="home-page">
      <div className="home-page__search" role="search">
        <SearchBar
          // antd-mobile's clear control is a div with an aria-label (axe: prohibited); deleting the text clears it.
          clearable={false}
          placeholder="搜索项目名称或主办单位"
          value={keyword}
          onChange={setKeyword}
          onSearch={(value) => void navigate(paths.projectList({ Keyword: value.trim() }))}
          aria-label="搜索项目"
        />
      </div>
      <div className="home-page__elder">
        <ElderModeSwitch />
      </div>
      <PullToRefresh
        onRefresh={async () => {
          await Promise.all([layout.refetch(), lables.refetch()]);
        }}
      >
        {elder ? null : layout.isPending ? (
          // The banner's own box while it loads, so nothing below moves when it comes (CLS).
          <div className="banners banners--loading" role="status">
            <div className="banners__placeholder" />
            <span className="visually-hidden">正在加载首页</span>
          </div>
        ) : layout.isError ? (
          <LoadFailed onRetry={() => void layout.refetch()} />
        ) : (
          <Banners banners={layout.data.Banners} />
        )}
        {/* What sits below the banner waits for the labels too: sections that appear in place
            would push the shortcuts down as each answer arrives. */}
        {lables.isPending ? null : (
          <>
            <RunStrip />
            <LableEntries />
            {elder ? null : <QuickEntries />}
            {layout.data ? <Sections sections={layout.data.Sections} /> : null}
          </>
        )}
      </PullToRefresh>
    </div>
  );
}
