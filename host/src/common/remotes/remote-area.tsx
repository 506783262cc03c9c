import { Component, Suspense, lazy, useId, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { useT } from '@admin/shared/i18n';
import { Alert, Button, Center, Spinner, Text } from '@admin/shared/ui';
import { SHELL_NAMESPACE } from '../../i18n';

export interface RemoteAreaProps {
  /** The area's name as staff know it, e.g. 'Sales', in the active language. */
  area: string;
  /** Loads the page to show; a rejection or a throw while rendering shows the unavailable panel. */
  load: () => Promise<ComponentType>;
  /** The page when it is at hand already (its code loaded): rendered at once, without the spinner. */
  ready?: ComponentType;
}

/**
 * Renders one page of a remote in isolation: while it loads a spinner, if it fails (network,
 * bad manifest, wrong export, a crash while rendering) an inline panel with Retry. The shell
 * around it keeps working.
 */
export function RemoteArea({ area, load, ready }: RemoteAreaProps) {
  const t = useT(SHELL_NAMESPACE);
  const [attempt, setAttempt] = useState(0);
  // React.lazy remembers a rejection, so every retry gets a new lazy component. The loaded page is
  // wrapped because it is often lazy itself, and a lazy component must resolve to a function.
  const Page = useMemo(
    () =>
      ready && attempt === 0
        ? ready
        : lazy(() =>
            load().then((Loaded) => ({
              default: function RemotePage() {
                return <Loaded />;
              },
            })),
          ),
    [load, attempt, ready],
  );
  return (
    <AreaBoundary key={attempt} area={area} onRetry={() => setAttempt((n) => n + 1)}>
      <Suspense
        fallback={
          <Center py="16">
            <Spinner size="lg" aria-label={t('area.loading', { area })} />
          </Center>
        }
      >
        <Page />
      </Suspense>
    </AreaBoundary>
  );
}

interface BoundaryProps {
  area: string;
  onRetry: () => void;
  children: ReactNode;
}

class AreaBoundary extends Component<BoundaryProps, { error: Error | null }> {
  state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  componentDidCatch(error: Error) {
    console.error(`The ${this.props.area} area failed to load`, error);
  }

  render() {
    if (!this.state.error) return this.props.children;
    return <UnavailablePanel area={this.props.area} detail={this.state.error.message} onRetry={this.props.onRetry} />;
  }
}

export function UnavailablePanel({ area, detail, onRetry }: { area: string; detail?: string; onRetry: () => void }) {
  const t = useT(SHELL_NAMESPACE);
  const [showDetail, setShowDetail] = useState(false);
  const detailId = useId();
  return (
    <Alert.Root status="error" role="alert" data-testid="area-unavailable" alignItems="center">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t('area.unavailable', { area })}</Alert.Title>
        <Alert.Description>
          <Text fontSize="sm">{t('area.unavailable.detail')}</Text>
          {/* The runtime's own words help support, not staff: they stay behind a toggle. */}
          {detail && (
            <>
              <Button
                size="xs"
                variant="plain"
                px="0"
                aria-expanded={showDetail}
                aria-controls={detailId}
                onClick={() => setShowDetail((shown) => !shown)}
              >
                {t('area.details')}
              </Button>
              <Text id={detailId} hidden={!showDetail} fontSize="xs" color="fg.muted" wordBreak="break-word" dir="ltr">
                {detail}
              </Text>
            </>
          )}
        </Alert.Description>
      </Alert.Content>
      <Button size="sm" variant="outline" onClick={onRetry}>
        {t('area.retry')}
      </Button>
    </Alert.Root>
  );
}
