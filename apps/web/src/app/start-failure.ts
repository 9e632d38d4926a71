/**
 * A script that could not be downloaded is the network's fault; anything else that stops the app
 * starting (a built-in this browser lacks, a syntax it cannot read) is this browser's, and
 * blaming the network would send the candidate round in circles.
 */
const DOWNLOAD_CUT_SHORT =
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS|Load failed|NetworkError/i;

export function startFailureText(error: unknown): { heading: string; detail: string } {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  if (DOWNLOAD_CUT_SHORT.test(message))
    return {
      heading: '页面加载失败',
      detail: '页面的部分内容没有下载完成，请检查网络连接后刷新页面。',
    };
  return {
    heading: '页面无法在此浏览器中运行',
    detail: `请将微信或手机系统更新到最新版本后重试，或换用其他浏览器打开本页。如需求助，请告知以下信息：${message.slice(0, 200)}`,
  };
}

/** The app's own error page, without React (it may be React that failed to arrive). */
export function showStartFailure(root: HTMLElement, error: unknown): void {
  const { heading, detail } = startFailureText(error);
  const page = document.createElement('section');
  page.className = 'status-page status-page--error';
  page.setAttribute('role', 'alert');
  const title = document.createElement('h2');
  title.className = 'status-page__heading';
  title.textContent = heading;
  const text = document.createElement('div');
  text.className = 'status-page__detail';
  text.textContent = detail;
  page.append(title, text);
  root.replaceChildren(page);
}
