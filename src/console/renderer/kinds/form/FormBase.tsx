import type { ReactNode } from 'react';
import type { FormController } from './useFormScreen';

interface FormBaseProps {
  form: FormController;
  loading: ReactNode;
  error: (error: Error) => ReactNode;
  children: ReactNode;
}

/** Picks the slot of a form screen: loading or failing while an edit form's record loads, else the form. */
export function FormBase({ form, loading, error, children }: FormBaseProps) {
  if (form.id !== undefined && form.record.isPending) return loading;
  if (form.record.isError) return error(form.record.error);
  return children;
}
