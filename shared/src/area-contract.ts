// What an area hands to the page's shared modules as it loads, from its own copy of the contract:
// the stale map (what a change to each resource makes stale), the contract messages of the
// areas' resources, the kit's words for their permissions and audit entries, the print
// words of their documents and which audited fields are money. The host's copies of those modules carry only the core of each (its own
// resources, the common rules), so an area that adds a resource, a message or a stale edge brings
// it with its release, and the host's files stay as they were.
import { AUDIT_MONEY_FIELDS, STALE_EDGES } from '@admin/shared/contract';
import { KIT_NAMESPACE, MESSAGES_NAMESPACE, registerMessages } from '@admin/shared/i18n';
import { shareStaleEdges } from '@admin/shared/query';
import { shareAuditMoneyFields, sharePrintTexts } from '@admin/shared/ui-kit';
import { AREA_PRINT_TEXTS } from './ui-kit/areas/print-texts';

let shared = false;

/** Hands the area's contract to the page; every area calls it once as its module loads (again is harmless). */
export function shareAreaContract(): void {
  if (shared) return;
  shared = true;
  shareStaleEdges(STALE_EDGES);
  registerMessages(
    MESSAGES_NAMESPACE,
    (language) => import(/* webpackChunkName: "texts-[request]" */ `./contract/areas/locales/${language}.json`),
  );
  // The kit's words for the areas' permissions (its no-access panel) and audit entries.
  registerMessages(
    KIT_NAMESPACE,
    (language) => import(/* webpackChunkName: "texts-[request]" */ `./ui-kit/areas/locales/${language}.json`),
  );
  sharePrintTexts(AREA_PRINT_TEXTS);
  shareAuditMoneyFields(AUDIT_MONEY_FIELDS);
}
