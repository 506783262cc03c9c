// The UI kit: the second UI facade, for what staff use after signing in (overlays, tables, the
// resource kit, pickers, dashboard cards). A shared singleton like '@admin/shared/ui', kept out
// of the sign-in page's first load: the host's shell loads it lazily. It imports Chakra itself
// (one instance per build, so one Chakra context) and takes the provider, toaster, icons and
// form hook from '@admin/shared/ui'. Its export list is a contract between deploys too: release
// the host first when it grows.

// First: the kit's components find their styles in the system from their first render on.
import './recipes';

// Overlays, navigation and the controls that only forms after sign-in use (tables: DataTable, below)
export { Dialog, Drawer, Menu, Tabs, Switch, CloseButton, Textarea } from '@chakra-ui/react';

// The resource kit: list screens and dialogs as configuration.
export { ResourcePage } from './resource/resource-page';
export type { ResourcePageProps, ResourcePermissions } from './resource/resource-page';
export { DataTable } from './resource/data-table';
export type { Column, DataTableProps } from './resource/data-table';
export { ResourceScreen } from './resource/resource-screen';
export type { ResourceScreenConfig, ResourceFormConfig, FilterConfig } from './resource/resource-screen';
export { SchemaFormDialog } from './resource/schema-form-dialog';
export type { SchemaFormDialogProps } from './resource/schema-form-dialog';
export { DialogShell } from './resource/dialog-shell';
export type { DialogShellProps } from './resource/dialog-shell';
export { DialogFormBody } from './resource/dialog-form-body';
export type { DialogFormBodyProps } from './resource/dialog-form-body';
export { useIdempotencyKey } from './resource/use-idempotency-key';
export { ConfiguredField, FieldGrid } from './resource/fields';
export type { FieldConfig } from './resource/fields';
export { OptionSelect } from './resource/option-select';
export type { Option, OptionSelectProps } from './resource/option-select';
export { FilterSelect } from './resource/filter-select';
export { ConfirmDelete } from './resource/confirm-delete';
export { ConfirmDialog } from './resource/confirm-dialog';
export type { ConfirmDialogProps } from './resource/confirm-dialog';
export { Pager, pageWindow } from './resource/pager';
export { StatusChip, STATUS_COLORS, statusColor, statusLabel, useStatusLabel } from './resource/status-chip';
export { MoneyText, MoneyInput, type MoneyValue } from './resource/money';
export { DateInput } from './resource/date-input';
export { DateRangeFilter, DayFilter } from './resource/date-range-filter';
export { downloadCsv } from './resource/download-csv';
export { SortableHeader, PageSizeSelect, ExportButton, type ListControls } from './resource/list-controls';
export { createdDateColumn } from './resource/columns';
export { CustomerNameCell } from './resource/customer-name-cell';
export type { CustomerNameCellProps } from './resource/customer-name-cell';
export { useDebounced } from './resource/use-debounced';
export { useListParams } from './resource/use-list-params';
export type { ListParamsState } from './resource/use-list-params';
export { useResourceList } from './resource/use-resource-list';

// Permissions: actions hidden from users who may not do them, pages closed to users who may not open them.
export { Can, useAllowed } from './access/can';
export { NoAccess, RequirePermission, guardRoutes } from './access/no-access';

// The audit trail: a record's history from its row, and the pieces of the audit log page.
export { HistoryButton } from './audit/history-button';
export type { HistoryButtonProps } from './audit/history-button';
export { AuditChanges } from './audit/audit-changes';
export type { AuditChangesProps } from './audit/audit-changes';
export { AuditValue, shareAuditMoneyFields } from './audit/audit-value';
export { AuditEntryRow, AuditEntryList } from './audit/audit-entry';
export type { AuditEntryRowProps, AuditEntryListProps } from './audit/audit-entry';
export { auditFieldLabel, formatDateTime, useAuditLabels } from './audit/labels';

// Pickers that search the server as staff type.
export { SearchSelect } from './pickers/search-select';
export type { SearchSelectProps } from './pickers/search-select';
export { CustomerPicker, CustomerFilter, CUSTOMER_SEARCH_LIMIT } from './pickers/customer-picker';
export type { CustomerPickerProps, CustomerChoice } from './pickers/customer-picker';
export { CustomerField } from './pickers/customer-field';
export type { CustomerFieldProps, CustomerFieldValues } from './pickers/customer-field';

// Printable documents (invoices, statements, receipts): one frame (Back, Print, the document language, the
// company block and footer) around an A4 sheet that alone goes on paper.
export { PrintedDocument } from './print/printed-document';
export type { PrintedDocumentProps } from './print/printed-document';
export {
  companySettingsQuery,
  CustomerBlock,
  PrintAmountInWords,
  PrintFacts,
  PrintLabel,
  PrintNotes,
  useCompanySettings,
  usePrintDocument,
} from './print/print-document';
export type { PrintFact } from './print/print-document';
export { sharePrintTexts, useScreenPrintText } from './print/print-texts';
export type { PrintTextKey } from './print/print-texts';

// Figures read in dialogs and summaries: a labelled line, a labelled box.
export { Fact, FigureBox } from './figures/fact';
export { CreditFacts } from './figures/credit-position';
export type { FactProps } from './figures/fact';

// Dashboard cards every remote's widgets are made of.
export { DashboardCard, DashboardFigure, RecentList } from './dashboard/dashboard-card';
export type { DashboardCardProps, RecentItem } from './dashboard/dashboard-card';
export { SummaryCard } from './dashboard/summary-card';
export type { SummaryCardProps } from './dashboard/summary-card';

// Forms: the one copy of react-hook-form is behind this facade, like Chakra. Not in the core
// facade: it would weigh on the sign-in page, which validates its two fields without it.
export { useSchemaForm } from './resource/use-schema-form';
export { formSchema, emptyToNull, emptyToAbsent } from './resource/form-schema';
export { Controller, loadFormLibrary, useFieldArray, useFormContext, useWatch } from './resource/form-library';
export type { FieldValues, UseFormReturn, Path } from 'react-hook-form';
