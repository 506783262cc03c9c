import { Box, Heading, Text } from '@admin/shared/ui';

/** A page of the Masters area until its screens are built. */
export function AreaPage({ title }: { title: string }) {
  return (
    <Box>
      <Heading as="h2" size="xl" mb="2">
        {title}
      </Heading>
      <Text color="fg.muted">Masters area</Text>
    </Box>
  );
}
