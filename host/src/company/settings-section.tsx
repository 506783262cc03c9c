import type { ReactNode } from 'react';
import { Card, Heading, Stack, Text } from '@admin/shared/ui';

/** A part of company settings below the company block: a card named by its heading, with a line on what it is for. */
export function SettingsSection({
  id,
  title,
  intro,
  children,
}: {
  /** The heading's id, which names the section. */
  id: string;
  title: string;
  intro: string;
  children: ReactNode;
}) {
  return (
    <Card.Root as="section" aria-labelledby={id}>
      <Card.Body>
        <Stack gap="3">
          <Heading as="h2" size="md" id={id}>
            {title}
          </Heading>
          <Text color="fg.muted">{intro}</Text>
          {children}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
