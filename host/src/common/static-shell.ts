import { useLayoutEffect } from 'react';

/**
 * Removes the shell's frame index.html paints before any script runs (host/index.html,
 * #static-shell) once a screen of the app is drawn over it: the signed-in shell, or the sign-in
 * page when the stored session turned out to have ended.
 */
export function useRetireStaticShell(): void {
  useLayoutEffect(() => {
    document.getElementById('static-shell')?.remove();
  }, []);
}
