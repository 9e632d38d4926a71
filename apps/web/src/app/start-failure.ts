/**
 * What a failed start shows: a script that did not arrive is the network's fault and says so;
 * anything else is this browser, named, so a candidate (or the help desk reading a screenshot)
 * knows to update WeChat or the browser instead of retrying the network.
 */
export function startFailure(error: unknown): { heading: string; detail: string } {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const notDownloaded =
    /dynamically imported module|Importing a module script failed|Failed to fetch|Load failed|ChunkLoadError/i.test(
      message,
    );
  return notDownloaded
    ? { heading: '页面加载失败', detail: '页面文件未能下载，请检查网络连接后刷新页面。' }
    : {
        heading: '页面无法在此浏览器中运行',
        detail: `请将微信或浏览器升级到最新版本后重试。（${message}）`,
      };
}
