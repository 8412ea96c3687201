import FirstPage from '@mui/icons-material/FirstPage';
import KeyboardArrowLeft from '@mui/icons-material/KeyboardArrowLeft';
import KeyboardArrowRight from '@mui/icons-material/KeyboardArrowRight';
import LastPage from '@mui/icons-material/LastPage';
import IconButton from '@mui/material/IconButton';
import type { TablePaginationActionsProps } from '@mui/material/TablePaginationActions';
import { useLayoutEffect, useRef, type FocusEvent, type ReactNode } from 'react';

const ACTION = '[data-pagination-action]';
const DISABLED = ':disabled, [aria-disabled="true"]';
const isDisabled = (button: Element) => button.matches(DISABLED);

/**
 * TablePagination's page buttons without MUI's Tooltip: MUI 9 wraps each one in a Tooltip, which
 * brings Popper (~11.7 KB gzip) onto every paginated list (issue 18). The names, disabled states and
 * focus handling are MUI's; the hint is the browser's own (`title`). vite.config.ts points
 * TablePagination's default at this component, so MUI's version is not in the build at all.
 * Left to right only: the console has no right-to-left language.
 */
export function PaginationActions({
  className,
  count,
  disabled = false,
  getItemAriaLabel,
  onPageChange,
  page,
  rowsPerPage,
  showFirstButton,
  showLastButton,
  onFocus,
  onBlur,
  style,
  id,
}: TablePaginationActionsProps) {
  const root = useRef<HTMLDivElement>(null);
  const focused = useRef<HTMLElement | null>(null);
  const lastPage = Math.max(0, Math.ceil(count / rowsPerPage) - 1);
  const atStart = disabled || page === 0;
  const atEnd = disabled || (count !== -1 && page >= lastPage);

  // A button that becomes disabled while focused (the last page reached) would drop focus to the
  // page's body: move it to the next enabled button instead, then the preceding ones, as MUI does.
  useLayoutEffect(() => {
    const button = focused.current;
    if (!button || !isDisabled(button) || !root.current) return;
    focused.current = null;
    const active = button.ownerDocument.activeElement;
    // Focus the user or the application moved elsewhere stays there.
    if (active && active !== button && active !== button.ownerDocument.body && active !== button.ownerDocument.documentElement) return;
    const buttons = Array.from(root.current.querySelectorAll<HTMLElement>(ACTION));
    const index = buttons.indexOf(button);
    if (index === -1) return;
    [...buttons.slice(index + 1), ...buttons.slice(0, index).reverse()].find((candidate) => !isDisabled(candidate) && candidate.tabIndex >= 0)?.focus();
  });

  const handleFocus = (event: FocusEvent<HTMLDivElement>) => {
    focused.current = event.target.matches(ACTION) ? event.target : null;
    onFocus?.(event);
  };
  const handleBlur = (event: FocusEvent<HTMLDivElement>) => {
    // Disabling a focused button can blur it before the layout effect runs.
    if (!isDisabled(event.target) || event.relatedTarget != null) focused.current = null;
    onBlur?.(event);
  };

  const button = (type: 'first' | 'previous' | 'next' | 'last', target: number, off: boolean, icon: ReactNode) => {
    const label = getItemAriaLabel(type);
    return (
      <IconButton
        aria-label={label}
        title={label}
        data-pagination-action={type}
        disabled={off}
        color={type === 'previous' || type === 'next' ? 'inherit' : 'default'}
        onClick={(event) => onPageChange(event, target)}
      >
        {icon}
      </IconButton>
    );
  };

  return (
    <div ref={root} className={className} style={style} id={id} onFocus={handleFocus} onBlur={handleBlur}>
      {showFirstButton ? button('first', 0, atStart, <FirstPage />) : null}
      {button('previous', page - 1, atStart, <KeyboardArrowLeft />)}
      {button('next', page + 1, atEnd, <KeyboardArrowRight />)}
      {showLastButton ? button('last', lastPage, atEnd, <LastPage />) : null}
    </div>
  );
}
