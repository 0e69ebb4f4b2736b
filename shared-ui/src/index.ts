export {
  AppProviders,
  type AppProvidersProps,
  ErrorBoundary,
  RENDER_ERROR_MESSAGE,
} from './app-providers/AppProviders';
export { GlobalStyle } from './app-providers/global-style';
export { carelaneTheme } from './app-providers/theme';
export { PageFrame, type PageFrameProps } from './page-frame/PageFrame';
export { AppHeader, type AppHeaderProps } from './app-header/AppHeader';
export {
  MENU_BUTTON_LABEL,
  ResponsiveShell,
  type ResponsiveShellProps,
  type ShellHeaderParts,
} from './responsive-shell/ResponsiveShell';
export { NARROW_SCREEN_QUERY, useNarrowScreen } from './responsive-shell/use-narrow-screen';
export { DataTable, type DataTableProps, type SortChange } from './data-table/DataTable';
export {
  type CardColumnOptions,
  type DataTableColumn,
  type DataTableColumns,
} from './data-table/data-columns';
export { ListFilters, type ListFiltersProps } from './data-table/ListFilters';
export { paginationSummary } from './data-table/pagination-summary';
export { DateRangeFilter, type DateRangeFilterProps } from './date-range-filter/DateRangeFilter';
export { applyDateRange, type AppliedDateRange } from './date-range-filter/apply-date-range';
export { askedRange, dayOf, isoDay, rangeOf } from './date-range-filter/url-date-range';
export { PhoneInput, type PhoneInputProps, PHONE_ERROR } from './phone-input/PhoneInput';
export { DateInput, type DateInputProps, DATE_ERROR } from './date-input/DateInput';
export { TimeInput, timeInputRules, type TimeInputProps } from './time-input/TimeInput';
export { RatingBadge, type RatingBadgeProps, type RatingDetails } from './rating-badge/RatingBadge';
export {
  AddressAutocomplete,
  type AddressAutocompleteProps,
  type AddressLogger,
} from './address-autocomplete/AddressAutocomplete';
export {
  type Address,
  ADDRESS_AUTOCOMPLETE_PATH,
  AddressAutocompleteError,
  addressLabel,
  type AddressSuggestion,
  fetchAddressSuggestions,
  type FetchSuggestions,
} from './address-autocomplete/fetch-address-suggestions';
export { EngagementDot, type EngagementDotProps } from './engagement-dot/EngagementDot';
export { RecordStatusTag } from './record-status-tag/RecordStatusTag';
export {
  RECORD_STATUS_FILTER_OPTIONS,
  RECORD_STATUS_OPTIONS,
  type RecordStatusFilterOption,
  type RecordStatusOption,
  recordStatusColumn,
} from './record-status-tag/record-status-options';
export { NameFields, type NameFieldsProps } from './name-fields/NameFields';
// A patient's form fields and their rules (the patient page, a request's new patient, the intake assistant).
export {
  PatientFields,
  type PatientFieldsProps,
  type PatientHintField,
} from './patient-fields/PatientFields';
export {
  birthdayRule,
  dateOf,
  isoOf,
  isUnreadableDate,
  phoneRule,
} from './patient-fields/patient-field-rules';
export { TypedDateInput } from './patient-fields/typed-date-input';
export { VisitStatusTag, type VisitStatusTagProps } from './visit-status-tag/VisitStatusTag';
export {
  VISIT_STATUS_COLORS,
  type VisitTagInput,
  visitStatusColor,
  visitTagLabel,
} from './visit-status-tag/visit-status';
export { EmptyState, type EmptyStateProps } from './empty-state/EmptyState';
export { MonthCalendar, type MonthCalendarProps } from './month-calendar/MonthCalendar';
export { ErrorState, type ErrorStateProps } from './error-state/ErrorState';
export { EventStreamAlert, type EventStreamAlertProps } from './event-stream-alert/EventStreamAlert';
export { useFocusReturn } from './focus-return/use-focus-return';
// The frame of every area's React root: its `app.tsx` is one call of createAreaLifecycles.
export {
  type AreaPages,
  type AreaRoute,
  type AreaRouteTable,
  findRoute,
  normalizePath,
  type PageProps,
} from './area-frame/area-routes';
export { subscribeToNavigation, usePathname } from './area-frame/use-pathname';
export { AreaRoot, type AreaRootProps } from './area-frame/AreaRoot';
export { NotBuiltYet } from './area-frame/NotBuiltYet';
export { AreaCrashed } from './area-frame/AreaCrashed';
export {
  SINGLETONS_KEY,
  SingletonProbe,
  type SingletonProbeProps,
  type SingletonRecord,
  type SingletonRefs,
} from './area-frame/SingletonProbe';
export {
  type AreaLifecycles,
  type AreaLifecyclesOptions,
  createAreaLifecycles,
} from './area-frame/create-area-lifecycles';
// Pieces the areas' pages share: in-app links, field errors, load states, list page skeletons.
export {
  AddressFields,
  type AddressValues,
  AreaLink,
  FormFailure,
  lookUpZipcode,
  noSubmitOnEnter,
  nullIfBlank,
  refresh,
  STATE_CODE_RULE,
  suggestionsNear,
  useIdParam,
} from './page-kit/page-kit';
export { type LoadState, loadState } from './page-kit/load-state';
export { failureText, type FieldLabels, humanizeField, labelledFieldError } from './page-kit/field-labels';
export {
  type ListNoun,
  ListPage,
  ListPageFrame,
  ListResults,
  ListSearch,
  ListTable,
  listFilterFields,
  nameLinkColumn,
  NONE,
  phoneColumn,
  phoneText,
  placeColumn,
  recordStatusFilterField,
  StatusFilter,
  textColumn,
} from './page-kit/list-page';
export { VISUALLY_HIDDEN } from './visually-hidden/visually-hidden';
// The one lookup-query module (organizations, provider types, visit types, staff users by role) and its pickers.
export { LOOKUP_STALE_TIME, lookupQueries, type OrganizationStatus } from './lookups/lookup-queries';
export {
  OrganizationFilter,
  type OrganizationFilterProps,
  OrganizationPicker,
  type OrganizationPickerProps,
  useOrganizationName,
} from './lookups/OrganizationPicker';
// CSV export of a list: the button, the file to save, and every page of the list's filters.
export { ExportCsvButton, type ExportCsvButtonProps } from './csv-export/ExportCsvButton';
export { csvFile } from './csv-export/csv-file';
export { eachPage, EXPORT_PAGE_SIZE, fetchEveryPage, type FetchPage } from './csv-export/fetch-every-page';
export {
  type FailureShown,
  type FieldPlaces,
  placeFieldErrors,
  showFailure,
  showFieldErrors,
  showSaveFailure,
  useBusy,
  useFormCall,
  useSaveCall,
} from './page-kit/form-call';
export { InviteClinicianForm, InviteeContactFields } from './invitations/InviteClinicianForm';
