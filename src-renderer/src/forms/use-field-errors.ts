import { useCallback, useState } from 'react';

/** Messages per form field; a field's message goes away as soon as it is edited. */
export function useFieldErrors<F extends string>() {
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const mark = useCallback((field: F, message: string) => setErrors((e) => ({ ...e, [field]: message })), []);
  const clear = useCallback((field?: F) => setErrors((e) => (field === undefined ? {} : { ...e, [field]: undefined })), []);
  return { errors, mark, clear };
}
