/** A route's page until its screen is built: it names the page so the route can be seen to work. */
export function PlaceholderPage({
  title,
  children,
}: {
  title: string;
  children?: React.ReactNode;
}) {
  return (
    <section className="placeholder-page" aria-label={title}>
      <p className="placeholder-page__lead">「{title}」页面的内容即将上线。</p>
      {children}
    </section>
  );
}
