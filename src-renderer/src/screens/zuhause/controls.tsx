import { useState } from 'react';

/** A slider that sends one change when it is let go, not one per step. */
export function Brightness({
  label,
  value,
  disabled,
  onCommit,
}: {
  label: string;
  value: number | undefined;
  disabled: boolean;
  onCommit: (v: number) => void;
}) {
  const [draft, setDraft] = useState<number | undefined>(undefined);
  const shown = draft ?? value ?? 0;
  const commit = () => {
    if (draft !== undefined && draft !== value) onCommit(draft);
    setDraft(undefined);
  };
  return (
    <label className="brightness">
      <span className="sr-only">{label}</span>
      <input
        type="range"
        min={1}
        max={100}
        value={shown}
        disabled={disabled}
        aria-label={label}
        onChange={(e) => setDraft(Number(e.target.value))}
        onPointerUp={commit}
        onKeyUp={commit}
        onBlur={commit}
      />
      <span className="brightness-value">{shown} %</span>
    </label>
  );
}

export function Switch({
  on,
  label,
  disabled,
  onToggle,
  testId,
}: {
  on: boolean;
  label: string;
  disabled: boolean;
  onToggle: () => void;
  testId: string;
}) {
  return (
    <button
      type="button"
      className={`light-switch ${on ? 'is-on' : ''}`}
      role="switch"
      aria-checked={on}
      aria-label={label}
      disabled={disabled}
      onClick={onToggle}
      data-testid={testId}
    >
      <span className="light-switch-knob" aria-hidden="true" />
    </button>
  );
}
