import { useLayoutEffect } from 'react';

/**
 * Removes the frames index.html paints before any script runs (host/index.html): the shell's
 * (#static-shell, a stored session) and the sign-in card's (#static-sign-in, none stored), once a
 * screen of the app is drawn over them: the signed-in shell or the sign-in page.
 */
export function useRetireStaticShell(): void {
  useLayoutEffect(() => {
    for (const id of ['static-shell', 'static-sign-in']) document.getElementById(id)?.remove();
  }, []);
}
