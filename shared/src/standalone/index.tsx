import { createRoot } from 'react-dom/client';
import { KIT_NAMESPACE, startI18n } from '@admin/shared/i18n';
import type { RemoteModule } from '@admin/shared/remote';
import { StandaloneApp } from './standalone-app';

export { StandaloneApp };

/** Renders a remote's pages alone into #root (a remote's dev entry). */
export async function startStandalone(module: RemoteModule): Promise<void> {
  await startI18n([KIT_NAMESPACE, ...(module.namespace ? [module.namespace] : [])]);
  createRoot(document.getElementById('root')!).render(<StandaloneApp module={module} />);
}
