// The scheduling pages' tests render their pages with shared-ui's page test kit (never imported by product code).
export { jsonResponse } from '@carelane/shared-session/testing';
export {
  apiError,
  type ApiCall,
  choose,
  paging,
  renderPage,
  type RenderedPage,
  type Route,
} from '@carelane/shared-ui/testing';
