import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { apiErrorMessage } from '@admin/shared/api';
import { Card, Heading, Spinner, Stack, Text, notifyError, notifySuccess } from '@admin/shared/ui';

/**
 * A section of the company settings kept by its own call (the holidays, the reminders): its
 * heading and what it is for, then its form once the kept values have loaded.
 */
export function SettingsCard<T, K extends QueryKey>({
  id,
  title,
  intro,
  query,
  children,
}: {
  id: string;
  title: string;
  intro: string;
  query: UseQueryOptions<T, Error, T, K>;
  children: (saved: T) => ReactNode;
}) {
  const saved = useQuery(query);
  return (
    <Card.Root as="section" aria-labelledby={id}>
      <Card.Body>
        <Stack gap="3">
          <Heading as="h2" size="md" id={id}>
            {title}
          </Heading>
          <Text color="fg.muted">{intro}</Text>
          {saved.data ? children(saved.data) : <Spinner alignSelf="start" />}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** Saves a section, shows the values kept (`keep`), and says so; a refusal is the API's message. */
export async function saveSection<T>(
  save: () => Promise<T>,
  keep: (saved: T) => void,
  texts: { saved: string; failed: string },
): Promise<void> {
  try {
    keep(await save());
    notifySuccess(texts.saved);
  } catch (error) {
    notifyError(apiErrorMessage(error, texts.failed));
  }
}
