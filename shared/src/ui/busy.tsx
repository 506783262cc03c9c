import {
  Skeleton as ChakraSkeleton,
  Spinner as ChakraSpinner,
  type SkeletonProps,
  type SpinnerProps,
} from '@chakra-ui/react';

// Chakra's Spinner and Skeleton are plain elements without a role, where an aria-label is not
// allowed (screen readers ignore it, axe reports it). Named, they become a status, which may be.

export function Spinner(props: SpinnerProps) {
  return <ChakraSpinner role={props['aria-label'] ? 'status' : undefined} {...props} />;
}

export function Skeleton(props: SkeletonProps) {
  return <ChakraSkeleton role={props['aria-label'] ? 'status' : undefined} {...props} />;
}
