// The core UI facade: the provider, the toaster and what the sign-in page is made of. It is one
// shared singleton, so the page has one Chakra instance, and Rspack keeps only what is listed
// here in the host's first load. Everything else staff see after signing in (dialogs, menus,
// tables, the resource kit) is in '@admin/shared/ui-kit', loaded later.
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
export { Button, IconButton, Input, InputGroup, Field, Alert } from '@chakra-ui/react';
export { Spinner, Skeleton } from './busy';
export { useBreakpointValue } from '@chakra-ui/react';
export type { BoxProps, ButtonProps, FlexProps, StackProps, TextProps, InputProps } from '@chakra-ui/react';

export { UiProvider } from './provider';
export { useColorMode, type ColorModeChoice } from './color-mode';
export { addRecipes } from './system';
export {
  toaster,
  notifySuccess,
  notifyError,
  dismissErrors,
  showToasterRegion,
  TOAST_MAX,
  SUCCESS_TOAST_MS,
  ERROR_TOAST_MS,
} from './toaster';
export * from './icons';

// A form field's label and error (the form library itself is in '@admin/shared/ui-kit').
export { FormField } from './form-field';
