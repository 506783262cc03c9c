import { useMemo } from 'react';
import { REMOTE_NAMES, type RemoteName } from '@admin/shared/contract';
import { i18n, useLanguage, type Language } from '@admin/shared/i18n';
import type { RemoteModule } from '@admin/shared/remote';
import { isCurrent } from '../pages';
import { usePlatformStatus, type RemoteStatus } from './remote-status';

// The pages the areas serve, as the host draws them: each area's own module once it has loaded,
// until then the summary its release wrote into platform.json. The host declares none of them, so
// a release of an area adds, renames, moves or retires its pages by itself.

/** A page of an area, its text in the active language. */
export interface AreaPage {
  remote: RemoteName;
  path: string;
  /** The menu's and the top bar's text. */
  label: string;
  permission?: string;
  menu?: { group?: string; order: number };
}

/** A menu group an area adds beside the host's own. */
export interface AreaGroup {
  id: string;
  label: string;
  order: number;
}

export interface AreaPages {
  pages: AreaPage[];
  groups: AreaGroup[];
  /** Paths earlier or later releases of an area serve and the running ones do not. */
  retired: string[];
  /** Registered areas whose pages are not known yet: no summary, and their module not loaded (nor failed). */
  unknown: RemoteName[];
}

function fromModule(remote: RemoteName, module: RemoteModule, language: Language) {
  // A release without a namespace gives its texts as they are.
  const text = (key: string) => (module.namespace ? i18n.t(key, { ns: module.namespace, lng: language }) : key);
  return {
    pages: module.routes.map(({ path, title, permission, menu }) => ({
      remote,
      path,
      label: text(menu?.label ?? title),
      permission,
      menu: menu && { group: menu.group, order: menu.order },
    })),
    groups: (module.groups ?? []).map(({ id, label, order }) => ({ id, label: text(label), order })),
  };
}

function fromSummary(remote: RemoteName, summary: NonNullable<RemoteStatus['summary']>, language: Language) {
  return {
    pages: summary.pages.map(({ path, label, permission, menu }) => ({
      remote,
      path,
      label: label[language],
      permission,
      menu,
    })),
    groups: (summary.groups ?? []).map(({ id, label, order }) => ({ id, label: label[language], order })),
  };
}

export function areaPagesOf(remotes: Partial<Record<RemoteName, RemoteStatus>>, language: Language): AreaPages {
  const all: AreaPages = { pages: [], groups: [], retired: [], unknown: [] };
  for (const remote of REMOTE_NAMES) {
    const status = remotes[remote];
    if (!status) continue;
    const served = status.module
      ? fromModule(remote, status.module, language)
      : status.summary && fromSummary(remote, status.summary, language);
    if (served) {
      all.pages.push(...served.pages);
      all.groups.push(...served.groups);
    } else if (status.state !== 'failed') {
      all.unknown.push(remote);
    }
    all.retired.push(...(status.summary?.retired ?? []));
  }
  return all;
}

/** The areas' pages for this page's releases, in the active language; follows every load and language change. */
export function useAreaPages(): AreaPages {
  const remotes = usePlatformStatus((state) => state.remotes);
  const language = useLanguage();
  return useMemo(() => areaPagesOf(remotes, language), [remotes, language]);
}

/** The page that serves a path: the one whose path is the longest that holds it (/invoices for /invoices/42/print). */
export function pageAt(pages: readonly AreaPage[], pathname: string): AreaPage | undefined {
  return pages
    .filter((page) => isCurrent(page.path, pathname))
    .reduce<AreaPage | undefined>(
      (best, page) => (best && best.path.length >= page.path.length ? best : page),
      undefined,
    );
}
