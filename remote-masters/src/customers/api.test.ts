import { describe, expect, it } from '@rstest/core';
import { RESOURCES, STALE_EDGES, type ResourceName } from '@admin/shared/contract';
import { fils } from '@admin/shared/money';
import { mutateChange, queryClient, shareStaleEdges } from '@admin/shared/query';
import { customerCreditQuery } from './api';

describe("a customer's credit now", () => {
  it.each<ResourceName>(['customers', 'invoices', 'scheduledInvoices', 'payments', 'creditNotes', 'cheques'])(
    'is read again after a change to %s',
    async (writer) => {
      shareStaleEdges(STALE_EDGES);
      const { queryKey } = customerCreditQuery('55555555-5555-4555-8555-555555555555');
      queryClient.setQueryData(queryKey, {
        creditLimit: null,
        maxOverdueDays: null,
        exposure: fils(0),
        headroom: null,
      });
      expect(queryClient.getQueryState(queryKey)?.isInvalidated).toBe(false);
      await mutateChange(RESOURCES[writer], async () => 'written');
      expect(queryClient.getQueryState(queryKey)?.isInvalidated).toBe(true);
      queryClient.clear();
    },
  );
});
