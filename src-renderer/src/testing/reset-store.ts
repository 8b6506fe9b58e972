import { resetLanguages } from '../i18n';
import { useStore } from '../store';

const initial = useStore.getState();

/** A fresh store and German texts for each test. */
export function resetStore(): void {
  localStorage.clear();
  useStore.setState({ ...initial, language: 'de', screen: 'home', mode: 'clean' }, true);
  resetLanguages();
}
