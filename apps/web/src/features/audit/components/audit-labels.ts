import { auditActions, auditEntities, type AuditAction, type AuditDetails, type AuditEntity } from '@caredesk/shared';
import type { FilterOption } from '@/components/records/filter-select';
import { t } from '../i18n';

const isAction = (action: string): action is AuditAction => (auditActions as readonly string[]).includes(action);

// Read when the filter renders, not when this module loads, so that a change of language applies.
export const actionOptions = (): FilterOption[] => auditActions.map((value) => ({ value, label: t(`audit.actionName.${value}`) }));

/** Every area the server names (packages/shared auditEntities), as the filter offers them. */
export const entityOptions = (): FilterOption[] => auditEntities.map((value: AuditEntity) => ({ value, label: t(`audit.entityName.${value}`) }));

export function actionText(action: string): string {
  return isAction(action) ? t(`audit.actionName.${action}`) : action;
}

/** '12 records · search by phone · status BOOKED', 'Refused: not found', or '-'. */
export function detailsText(details: AuditDetails | null): string {
  if (!details) return '-';
  const parts: string[] = [];
  if (details.denied) parts.push(t(`audit.refused.${details.denied}`));
  if (details.count !== undefined) parts.push(t('audit.records', { count: details.count }));
  if (details.search) parts.push(t('audit.searchBy', { field: details.search }));
  for (const [name, value] of Object.entries(details.filters ?? {})) parts.push(`${name} ${value}`);
  return parts.length > 0 ? parts.join(' · ') : '-';
}
