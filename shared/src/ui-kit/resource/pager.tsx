import { Button, HStack, IconButton, Text } from '@chakra-ui/react';
import { ChevronLeftIcon, ChevronRightIcon } from '@admin/shared/ui';
import { useDirection, useKitT } from '../kit-texts';

/** Page numbers to show: the first, the last, and two either side of the current one; null is a gap. */
export function pageWindow(page: number, pages: number): (number | null)[] {
  const out: (number | null)[] = [];
  for (let p = 1; p <= pages; p++) {
    if (p === 1 || p === pages || Math.abs(p - page) <= 2) out.push(p);
    else if (out[out.length - 1] !== null) out.push(null);
  }
  return out;
}

export interface PagerProps {
  page: number;
  /** Page count from the server's pagination. */
  pages: number;
  onChange: (page: number) => void;
}

export function Pager({ page, pages, onChange }: PagerProps) {
  const t = useKitT();
  // Pages run in reading order: right to left in Arabic, so 'previous' points right there.
  const rtl = useDirection() === 'rtl';
  const PreviousIcon = rtl ? ChevronRightIcon : ChevronLeftIcon;
  const NextIcon = rtl ? ChevronLeftIcon : ChevronRightIcon;
  if (pages <= 1) return null;
  return (
    <HStack as="nav" aria-label={t('pager.label')} gap="1" justify="center" wrap="wrap">
      <IconButton
        aria-label={t('pager.previous')}
        size="sm"
        variant="ghost"
        disabled={page <= 1}
        onClick={() => onChange(page - 1)}
      >
        <PreviousIcon />
      </IconButton>
      {pageWindow(page, pages).map((p, i) =>
        p === null ? (
          <Text key={`gap-${i}`} px="1" aria-hidden>
            …
          </Text>
        ) : (
          <Button
            key={p}
            size="sm"
            variant={p === page ? 'solid' : 'ghost'}
            aria-label={t('pager.page', { page: p })}
            aria-current={p === page ? 'page' : undefined}
            onClick={() => p !== page && onChange(p)}
          >
            {p}
          </Button>
        ),
      )}
      <IconButton
        aria-label={t('pager.next')}
        size="sm"
        variant="ghost"
        disabled={page >= pages}
        onClick={() => onChange(page + 1)}
      >
        <NextIcon />
      </IconButton>
    </HStack>
  );
}
