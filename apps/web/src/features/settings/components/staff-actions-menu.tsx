import type { StaffMember } from '@caredesk/shared';
import MoreVert from '@mui/icons-material/MoreVert';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { useT } from '../i18n';

export type StaffAction = 'make-admin' | 'make-worker' | 'deactivate' | 'reactivate' | 'reset-password';

/** A row's actions; each item's accessible name carries the person's name. */
export function StaffActionsMenu({ member, onAction }: { member: StaffMember; onAction: (action: StaffAction) => void }) {
  const menuId = useId();
  const t = useT();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const pick = (action: StaffAction) => {
    setAnchor(null);
    onAction(action);
  };
  const { name } = member;
  return (
    <>
      <IconButton
        aria-label={t('settings.staff.actionsFor', { name })}
        aria-haspopup="menu"
        aria-expanded={Boolean(anchor)}
        aria-controls={anchor ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVert />
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {member.role === 'WORKER' ? (
          <MenuItem aria-label={t('settings.staff.makeAdminNamed', { name })} onClick={() => pick('make-admin')}>
            {t('settings.staff.makeAdmin')}
          </MenuItem>
        ) : (
          <MenuItem aria-label={t('settings.staff.makeWorkerNamed', { name })} onClick={() => pick('make-worker')}>
            {t('settings.staff.makeWorker')}
          </MenuItem>
        )}
        <MenuItem aria-label={t('settings.staff.resetPasswordNamed', { name })} onClick={() => pick('reset-password')} disabled={!member.active}>
          {t('settings.staff.resetPassword')}
        </MenuItem>
        {member.active ? (
          <MenuItem aria-label={t('settings.staff.deactivateNamed', { name })} onClick={() => pick('deactivate')} sx={{ color: 'error.main' }}>
            {t('settings.staff.deactivate')}
          </MenuItem>
        ) : (
          <MenuItem aria-label={t('settings.staff.reactivateNamed', { name })} onClick={() => pick('reactivate')}>
            {t('settings.staff.reactivate')}
          </MenuItem>
        )}
      </Menu>
    </>
  );
}
