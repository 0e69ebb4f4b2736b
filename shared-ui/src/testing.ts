// `@carelane/shared-ui/testing`: helpers for the areas' tests. Kept out of the main entry so that no
// production bundle carries Testing Library or jest globals.
export { describeAreaRoutes, type AreaRoutesSpec } from './area-frame/describe-area-routes';
export {
  apiError,
  type ApiCall,
  captureDownloads,
  type SavedFile,
  choose,
  paging,
  renderPage,
  type RenderedPage,
  type Route,
} from './page-test-kit/page-test-kit';
export { cardValues, phoneScreen, PHONE_WIDTH_PX } from './data-table/phone-screen';
export { organizationFixture } from './lookups/organization-fixture';
