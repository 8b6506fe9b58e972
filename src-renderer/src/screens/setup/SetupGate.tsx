import { lazy, Suspense } from 'react';
import { useStore } from '../../store';

// The first start's code is downloaded only when there is a first start to show: Home's
// first paint on every later day does not carry it.
const SetupWizard = lazy(() => import('./SetupWizard').then((m) => ({ default: m.SetupWizard })));

/** Shows the guided setup over the app until every step is done or skipped. */
export function SetupGate() {
  const open = useStore((s) => s.settings.data !== undefined && !s.settings.data.setup.finished && !s.setupDismissed);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <SetupWizard />
    </Suspense>
  );
}
