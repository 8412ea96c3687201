import { enqueueSnackbar } from '@/components/toast';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { errorIssues, errorMessage } from '@/lib/http';

interface ShowFormErrorOptions<Values extends FieldValues> {
  setError: UseFormSetError<Values>;
  /** API field names that differ in the form, e.g. { consultationFeePaise: 'consultationFee' }. */
  fieldMap?: Record<string, string>;
}

/** An API issue path ('availability.1.start') as the form's field name. */
export function formFieldOf(path: string, fieldMap: Record<string, string> = {}): string {
  const [head = '', ...rest] = path.split('.');
  return [fieldMap[head] ?? head, ...rest].join('.');
}

/**
 * Shows a failed save: every 400 issue goes on its form field (setError, focusing the first),
 * and the server's message goes in an error toast. Returns the number of fields marked.
 */
export function showFormError<Values extends FieldValues>(error: unknown, options: ShowFormErrorOptions<Values>): number {
  const issues = errorIssues(error).filter((issue) => issue.path !== '');
  issues.forEach((issue, index) => {
    const field = formFieldOf(issue.path, options.fieldMap) as Path<Values>;
    options.setError(field, { type: 'server', message: issue.message }, { shouldFocus: index === 0 });
  });
  enqueueSnackbar(errorMessage(error), { variant: 'error' });
  return issues.length;
}
