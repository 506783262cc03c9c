// The UI facade: the only module that imports Chakra UI. It is one shared singleton, so the page
// has one Chakra instance, and Rspack keeps only what is listed here in the first load.
// The export list is a contract between deploys: a remote may only use names the running host's
// facade has, so the host is released first when this list grows.

// Layout and typography
export {
  Box,
  Flex,
  Stack,
  HStack,
  VStack,
  Grid,
  GridItem,
  SimpleGrid,
  Center,
  Container,
  Spacer,
  Separator,
  Heading,
  Text,
  Link,
  Badge,
  Card,
  Portal,
  VisuallyHidden,
} from '@chakra-ui/react';
// Controls and feedback
export {
  Button,
  IconButton,
  CloseButton,
  Input,
  InputGroup,
  Textarea,
  NativeSelect,
  Field,
  Alert,
  Spinner,
  Skeleton,
} from '@chakra-ui/react';
// Overlays, navigation and structure
export { Dialog, Drawer, Menu, Table, Tabs, Switch } from '@chakra-ui/react';
export { useBreakpointValue } from '@chakra-ui/react';
export type { BoxProps, ButtonProps, FlexProps, StackProps, TextProps, InputProps } from '@chakra-ui/react';

export { UiProvider } from './provider';
export { toaster, notifySuccess, notifyError, TOAST_MAX, SUCCESS_TOAST_MS, ERROR_TOAST_MS } from './toaster';
export * from './icons';

// The resource kit: list screens and dialogs as configuration.
export { ResourcePage } from './resource/resource-page';
export type { Column, ResourcePageProps } from './resource/resource-page';
export { ResourceScreen } from './resource/resource-screen';
export type { ResourceScreenConfig, ResourceFormConfig, FilterConfig } from './resource/resource-screen';
export { FormDialog } from './resource/form-dialog';
export type { FormDialogProps } from './resource/form-dialog';
export { FormField, ConfiguredField } from './resource/fields';
export type { FieldConfig, Option } from './resource/fields';
export { FilterSelect } from './resource/filter-select';
export { ConfirmDelete } from './resource/confirm-delete';
export { ConfirmDialog } from './resource/confirm-dialog';
export type { ConfirmDialogProps } from './resource/confirm-dialog';
export { Pager, pageWindow } from './resource/pager';
export { StatusChip, STATUS_COLORS, statusColor } from './resource/status-chip';
export { MoneyText, MoneyInput } from './resource/money';
export { createdDateColumn } from './resource/columns';
export { useDebounced } from './resource/use-debounced';
export { useListParams } from './resource/use-list-params';
export type { ListParamsState } from './resource/use-list-params';

// Pickers that search the server as staff type.
export { SearchSelect } from './pickers/search-select';
export type { SearchSelectProps } from './pickers/search-select';
export { CustomerPicker, CUSTOMER_SEARCH_LIMIT } from './pickers/customer-picker';
export type { CustomerPickerProps, CustomerChoice } from './pickers/customer-picker';

// Dashboard cards every remote's widgets are made of.
export { DashboardCard, DashboardFigure, RecentList } from './dashboard/dashboard-card';
export type { DashboardCardProps, RecentItem } from './dashboard/dashboard-card';
export { SummaryCard } from './dashboard/summary-card';
export type { SummaryCardProps } from './dashboard/summary-card';

// Forms: the one copy of react-hook-form, behind the facade like Chakra.
export { useSchemaForm } from './resource/use-schema-form';
export { Controller, useFieldArray, useWatch } from 'react-hook-form';
export type { FieldValues, UseFormReturn, Path } from 'react-hook-form';
