import { useEffect, useState } from 'react';
import { REMOTE_NAMES } from '@admin/shared/contract';
import type { DashboardWidget } from '@admin/shared/remote';
import { Box, SimpleGrid, Text } from '@admin/shared/ui';
import { RemoteArea } from '../platform/remote-area';
import { loadRemoteWidgets } from '../platform/remotes';
import { AREA_LABELS } from '../shell/menu';

type PlacedWidget = DashboardWidget & { area: string };

/** The remotes' widgets, in their order; a remote that fails to load simply contributes none. */
function useWidgets(): PlacedWidget[] {
  const [widgets, setWidgets] = useState<PlacedWidget[]>([]);
  useEffect(() => {
    let live = true;
    Promise.all(
      REMOTE_NAMES.map((name) =>
        loadRemoteWidgets(name).then((list) => list.map((w) => ({ ...w, area: AREA_LABELS[name] }))),
      ),
    ).then((lists) => {
      if (live) setWidgets(lists.flat().sort((a, b) => (a.order ?? Infinity) - (b.order ?? Infinity)));
    });
    return () => {
      live = false;
    };
  }, []);
  return widgets;
}

export function DashboardPage() {
  const widgets = useWidgets();
  return (
    <Box>
      <Text fontSize="lg" mb="6">
        Welcome to your admin dashboard
      </Text>
      <SimpleGrid columns={{ base: 1, md: 2, xl: 4 }} gap="4" aria-label="Dashboard widgets">
        {widgets.map((w) => (
          <RemoteArea key={`${w.area}:${w.id}`} area={w.area} load={() => Promise.resolve(w.Component)} />
        ))}
      </SimpleGrid>
    </Box>
  );
}
