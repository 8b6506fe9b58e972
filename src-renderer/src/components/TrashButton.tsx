import { Icon } from './Icon';

/** A row's delete (or revoke) button: a bin icon whose name says what it removes. */
export function TrashButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button type="button" className="icon-btn danger" aria-label={label} onClick={onClick}>
      <Icon name="trash" />
    </button>
  );
}
