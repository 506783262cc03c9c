import { Box, Card, Heading, Link, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from '@admin/shared/router';
import { useKitT } from '../kit-texts';

export interface DashboardCardProps {
  /** The card's name, e.g. 'Total Invoices'; also a link to `href`. */
  title: string;
  /** The list the card summarises, e.g. '/invoices'. */
  href: string;
  loading?: boolean;
  /** The figure could not be read (the summary request failed). */
  failed?: boolean;
  children?: ReactNode;
}

/**
 * A dashboard card: its title (a heading under the page's h1) links to the list behind it; a
 * skeleton as tall as a figure while the figures load.
 */
export function DashboardCard({ title, href, loading, failed, children }: DashboardCardProps) {
  const t = useKitT();
  return (
    <Card.Root as="section" aria-label={title} aria-busy={loading} size="sm" height="full">
      <Card.Body>
        <Stack gap="2">
          <Heading as="h2" size="sm" color="fg.muted" fontWeight="medium">
            <Link asChild variant="plain" _hover={{ textDecoration: 'underline' }}>
              <RouterLink to={href}>{title}</RouterLink>
            </Link>
          </Heading>
          {loading ? (
            <Stack gap="2" role="status" aria-label={t('dashboard.loading', { title })}>
              {/* As tall as a figure: a stat card keeps its height when its figure replaces the skeleton. */}
              <Skeleton height="8" />
            </Stack>
          ) : failed ? (
            <Text fontSize="sm" color="fg.error">
              {t('dashboard.failed')}
            </Text>
          ) : (
            <Box>{children}</Box>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** A count or an amount, large, read left to right in Arabic too. */
export function DashboardFigure({ children }: { children: ReactNode }) {
  return (
    <Text fontSize="2xl" fontWeight="semibold" fontVariantNumeric="tabular-nums" data-part="figure">
      <bdi dir="ltr">{children}</bdi>
    </Text>
  );
}

export interface RecentItem {
  key: string;
  primary: ReactNode;
  secondary?: ReactNode;
  /** At the end of the line, e.g. an amount (read left to right in Arabic too). */
  trailing?: ReactNode;
}

/** The most recent records of a list, newest first. */
export function RecentList({ label, items, emptyText }: { label: string; items: RecentItem[]; emptyText: string }) {
  if (!items.length) {
    return (
      <Text fontSize="sm" color="fg.muted">
        {emptyText}
      </Text>
    );
  }
  return (
    <Stack as="ul" aria-label={label} gap="0" listStyleType="none">
      {items.map((item) => (
        <Box
          as="li"
          key={item.key}
          display="flex"
          justifyContent="space-between"
          gap="3"
          py="1.5"
          borderBottomWidth="1px"
          _last={{ borderBottomWidth: 0 }}
        >
          <Box minW="0">
            <Text fontSize="sm" fontWeight="medium" truncate>
              {item.primary}
            </Text>
            {item.secondary && (
              <Text fontSize="xs" color="fg.muted" truncate>
                {item.secondary}
              </Text>
            )}
          </Box>
          {item.trailing && (
            <Text fontSize="sm" fontVariantNumeric="tabular-nums" whiteSpace="nowrap">
              <bdi dir="ltr">{item.trailing}</bdi>
            </Text>
          )}
        </Box>
      ))}
    </Stack>
  );
}
