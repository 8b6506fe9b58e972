import { useEffect } from 'react';
import { ErrorBoundary } from '../../components/ErrorBoundary';
import { useStore } from '../../store';
import { SECTIONS } from './sections';
import './zuhause.css';

/** Zuhause: the home's devices, one section per integration, each behind its own error boundary. */
export function ZuhauseScreen() {
  useEffect(() => {
    const state = useStore.getState();
    for (const section of SECTIONS) section.load?.(state);
  }, []);
  return (
    <div className="grid-12 zuhause" data-testid="screen-zuhause">
      {SECTIONS.map(({ id, View }) => (
        <ErrorBoundary key={id} label={id}>
          <View />
        </ErrorBoundary>
      ))}
    </div>
  );
}
