import type { StaffMember } from '@caredesk/shared';
import MoreVert from '@mui/icons-material/MoreVert';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';

export type StaffAction = 'make-admin' | 'make-worker' | 'deactivate' | 'reactivate' | 'reset-password';

/** A row's actions; each item's accessible name carries the person's name. */
export function StaffActionsMenu({ member, onAction }: { member: StaffMember; onAction: (action: StaffAction) => void }) {
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const pick = (action: StaffAction) => {
    setAnchor(null);
    onAction(action);
  };
  const { name } = member;
  return (
    <>
      <IconButton
        aria-label={`Actions for ${name}`}
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
          <MenuItem aria-label={`Make ${name} an admin`} onClick={() => pick('make-admin')}>
            Make admin
          </MenuItem>
        ) : (
          <MenuItem aria-label={`Make ${name} a worker`} onClick={() => pick('make-worker')}>
            Make worker
          </MenuItem>
        )}
        <MenuItem aria-label={`Reset password of ${name}`} onClick={() => pick('reset-password')} disabled={!member.active}>
          Reset password
        </MenuItem>
        {member.active ? (
          <MenuItem aria-label={`Deactivate ${name}`} onClick={() => pick('deactivate')} sx={{ color: 'error.main' }}>
            Deactivate
          </MenuItem>
        ) : (
          <MenuItem aria-label={`Reactivate ${name}`} onClick={() => pick('reactivate')}>
            Reactivate
          </MenuItem>
        )}
      </Menu>
    </>
  );
}
