import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import siteConfig from '@generated/docusaurus.config';

// A client module (see src/upstream/README.md). Before the page hydrates, Docusaurus's inline script hides
// the announcement bar when the dismiss flag in storage is set, whatever announcement it was set for; after
// hydration the bar of a new announcement id is rendered but stays hidden by that attribute until the next
// full page load. When the stored id is another one, the bar is not dismissed: show it now.
if (ExecutionEnvironment.canUseDOM) {
  const {announcementBar} = siteConfig.themeConfig as {announcementBar?: {id: string}};
  try {
    if (announcementBar && localStorage.getItem('docusaurus.announcement.id') !== announcementBar.id) {
      document.documentElement.setAttribute('data-announcement-bar-initially-dismissed', 'false');
    }
  } catch {
    // Without browser storage nothing was dismissed: the inline script has set the attribute to false.
  }
}
