import { DUPLICATE_STAFF_EMAIL_MESSAGE } from '@caredesk/shared';
import { enqueueSnackbar } from '@/components/toast';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { errorIssues, errorMessage, errorStatus } from '@/lib/http';
import { staffFormField } from './staff-form-schema';

/** Puts the server's field issues under the form's fields (a taken e-mail under E-mail) and toasts the message. */
export function showStaffFormError<Values extends FieldValues>(error: unknown, setError: UseFormSetError<Values>): void {
  const issues = errorIssues(error).filter((issue) => issue.path !== '');
  if (issues.length === 0 && errorStatus(error) === 409 && errorMessage(error) === DUPLICATE_STAFF_EMAIL_MESSAGE) {
    issues.push({ path: 'email', message: DUPLICATE_STAFF_EMAIL_MESSAGE });
  }
  issues.forEach((issue, index) => {
    setError(staffFormField(issue.path) as Path<Values>, { type: 'server', message: issue.message }, { shouldFocus: index === 0 });
  });
  enqueueSnackbar(errorMessage(error), { variant: 'error' });
}
