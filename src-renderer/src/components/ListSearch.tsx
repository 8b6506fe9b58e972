import { useId } from 'react';

/** The search field above a long list: it narrows what is shown, never what is stored. */
export function ListSearch({
  label,
  value,
  onChange,
  testId,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  testId: string;
}) {
  const id = useId();
  return (
    <div className="list-search">
      <label htmlFor={id} className="list-search-label">
        {label}
      </label>
      <input
        id={id}
        type="search"
        value={value}
        data-testid={testId}
        autoComplete="off"
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && value) {
            e.preventDefault();
            onChange('');
          }
        }}
      />
    </div>
  );
}
