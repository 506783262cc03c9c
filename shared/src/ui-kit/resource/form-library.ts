import { createElement, use, type ComponentType } from 'react';
import type * as Parts from './form-library-parts';

// The form library (react-hook-form, 15 KB compressed) loads with the first form, not with the
// kit: the dashboard has no form and is drawn without it. The host loads it once the first screen
// after sign-in has what it needs (preloadAreasWhenIdle), so a form rarely waits for it; one that
// does suspends, inside its dialog (DialogShell) or its page.
type FormLibrary = typeof Parts;

let library: FormLibrary | undefined;
let loading: Promise<FormLibrary> | undefined;

export function loadFormLibrary(): Promise<FormLibrary> {
  return (loading ??= import(/* webpackChunkName: "form-library" */ './form-library-parts').then(
    (parts) => (library = parts),
    (error: unknown) => {
      loading = undefined; // a failed load may be tried again
      throw error;
    },
  ));
}

/** The form library, the component suspending until it is loaded. */
export function useFormLibrary(): FormLibrary {
  return library ?? use(loadFormLibrary());
}

type FormHook = 'useFieldArray' | 'useFormContext' | 'useWatch';

/** One of the library's hooks, with its own signature, for pages that build their own forms. */
function formHook<Name extends FormHook>(name: Name): FormLibrary[Name] {
  const useLibraryHook = (...args: unknown[]) => (useFormLibrary()[name] as (...args: unknown[]) => unknown)(...args);
  return useLibraryHook as FormLibrary[Name];
}

export const useFieldArray = formHook('useFieldArray');
export const useFormContext = formHook('useFormContext');
export const useWatch = formHook('useWatch');

/** The library's Controller, with its own props. */
export const Controller = function Controller(props: object) {
  return createElement(useFormLibrary().Controller as ComponentType<object>, props);
} as unknown as FormLibrary['Controller'];
