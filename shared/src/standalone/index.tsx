import { createRoot } from 'react-dom/client';
import type { RemoteModule } from '@admin/shared/remote';
import { StandaloneApp } from './standalone-app';

export { StandaloneApp };

/** Renders a remote's pages alone into #root (a remote's dev entry). */
export function startStandalone(module: RemoteModule): void {
  createRoot(document.getElementById('root')!).render(<StandaloneApp module={module} />);
}
