import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { REMOTE_NAMES, type RemoteName } from '@admin/shared/contract';
import { registeredTextsLoaded, useT } from '@admin/shared/i18n';
import type { DashboardWidget } from '@admin/shared/remote';
import { Box, Card, Grid, GridItem, Skeleton, Stack, Text } from '@admin/shared/ui';
import { RemoteArea, UnavailablePanel } from '../common/remotes/remote-area';
import { loadRemoteWidgets, preloadAreasWhenIdle } from '../common/remotes/remotes';
import { SIGNED_IN_TEXTS } from '../i18n';
import { AREA_LABELS } from '../common/remotes/area-labels';

type AreaWidgets =
  { status: 'loading' } | { status: 'loaded'; widgets: DashboardWidget[] } | { status: 'failed'; error: string };

export type WidgetLoader = (name: RemoteName) => Promise<DashboardWidget[]>;

/**
 * How long the dashboard waits for every area's widgets before it shows those that are in: cards
 * laid out once, in their order, rather than each area's pushing the others' aside as it arrives
 * (a layout shift); past it, a slow area no longer holds up the others.
 */
export const WIDGETS_HOLD_MS = 3000;

/** Each remote's widgets, loaded independently: one that fails or is slow never holds up the others for long. */
function useAreaWidgets(load: WidgetLoader, holdMs: number) {
  const [areas, setAreas] = useState<Record<RemoteName, AreaWidgets>>(
    () =>
      Object.fromEntries(REMOTE_NAMES.map((name) => [name, { status: 'loading' }])) as Record<RemoteName, AreaWidgets>,
  );
  const live = useRef(true);
  const fetchArea = useCallback(
    (name: RemoteName) => {
      // A transition: the cards render in slices, the page answering input in between, rather
      // than in one long task as the areas' widgets come in.
      const settle = (state: AreaWidgets) =>
        live.current && startTransition(() => setAreas((current) => ({ ...current, [name]: state })));
      settle({ status: 'loading' });
      // The area's texts are in before its cards show: a card suspending on them would stand as a
      // tall spinner first, then shrink and move the cards after it.
      load(name)
        .then(async (widgets) => {
          await registeredTextsLoaded();
          return widgets;
        })
        .then(
          (widgets) => settle({ status: 'loaded', widgets }),
          (error: unknown) =>
            settle({ status: 'failed', error: error instanceof Error ? error.message : String(error) }),
        );
    },
    [load],
  );
  useEffect(() => {
    live.current = true;
    REMOTE_NAMES.forEach(fetchArea);
    return () => {
      live.current = false;
    };
  }, [fetchArea]);
  // Once every area's widgets are in, the areas' pages load in the background for the menu.
  const settled = REMOTE_NAMES.every((name) => areas[name].status !== 'loading');
  useEffect(() => {
    if (settled) preloadAreasWhenIdle();
  }, [settled]);
  // Once shown (all in, or the wait is over), the cards stay shown: a retried area fills in alone.
  const [held, setHeld] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => startTransition(() => setHeld(false)), holdMs);
    return () => clearTimeout(timer);
  }, [holdMs]);
  const shown = settled || !held;
  useEffect(() => {
    if (settled) setHeld(false);
  }, [settled]);
  return { areas, retry: fetchArea, shown };
}

/** Columns a widget takes: of 12 on wide screens, of 6 on medium ones, the whole row on small ones. */
function colSpan(span: DashboardWidget['span'] = 3) {
  return { base: 1, md: span <= 4 ? 3 : 6, xl: span };
}

/**
 * The dashboard: the widgets every remote exposes, laid out in their order, at once when every
 * area answers within WIDGETS_HOLD_MS. While a remote's widgets load a skeleton holds their place; a remote that cannot be loaded shows a small
 * unavailable card with Retry, and the rest of the dashboard renders as usual.
 */
export function DashboardPage({
  load = loadRemoteWidgets,
  holdMs = WIDGETS_HOLD_MS,
}: {
  load?: WidgetLoader;
  /** How long to wait for every area before showing those that are in. */
  holdMs?: number;
}) {
  const t = useT(SIGNED_IN_TEXTS);
  const { areas: loading, retry, shown } = useAreaWidgets(load, holdMs);
  // Until shown, every area holds a skeleton, loaded or not.
  const areas = shown
    ? loading
    : (Object.fromEntries(REMOTE_NAMES.map((name) => [name, { status: 'loading' }])) as typeof loading);
  const widgets = REMOTE_NAMES.flatMap((name) => {
    const area = areas[name];
    return area.status === 'loaded' ? area.widgets.map((w) => ({ ...w, area: name })) : [];
  }).sort((a, b) => (a.order ?? Infinity) - (b.order ?? Infinity));

  return (
    <Box>
      <Text fontSize="lg" mb="6">
        {t('dashboard.welcome')}
      </Text>
      <Grid
        templateColumns={{ base: '1fr', md: 'repeat(6, 1fr)', xl: 'repeat(12, 1fr)' }}
        gap="4"
        aria-label={t('dashboard.widgets')}
      >
        {widgets.map((w) => (
          <GridItem key={`${w.area}:${w.id}`} colSpan={colSpan(w.span)} minW="0">
            {/* A widget that crashes while rendering is contained in its own card. */}
            <RemoteArea area={t(AREA_LABELS[w.area])} load={() => Promise.resolve(w.Component)} ready={w.Component} />
          </GridItem>
        ))}
        {REMOTE_NAMES.map((name) => {
          const area = areas[name];
          if (area.status === 'loading') {
            return (
              <GridItem key={name} colSpan={colSpan(3)}>
                <WidgetSkeleton area={t(AREA_LABELS[name])} />
              </GridItem>
            );
          }
          if (area.status === 'failed') {
            return (
              <GridItem key={name} colSpan={colSpan(6)}>
                <UnavailablePanel area={t(AREA_LABELS[name])} detail={area.error} onRetry={() => retry(name)} />
              </GridItem>
            );
          }
          return null;
        })}
      </Grid>
    </Box>
  );
}

function WidgetSkeleton({ area }: { area: string }) {
  const t = useT(SIGNED_IN_TEXTS);
  return (
    <Card.Root size="sm" role="status" aria-busy aria-label={t('dashboard.loadingWidgets', { area })}>
      <Card.Body>
        <Stack gap="2">
          <Skeleton height="4" width="50%" />
          <Skeleton height="7" />
          <Skeleton height="4" width="70%" />
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
