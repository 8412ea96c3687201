import type { StaffCredentialResult, StaffMember, StaffUpdate } from '@caredesk/shared';
import GroupOutlined from '@mui/icons-material/GroupOutlined';
import PersonAddAlt from '@mui/icons-material/PersonAddAlt';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { enqueueSnackbar } from '@/components/toast';
import { useState } from 'react';
import { EmptyState } from '@/components/empty-state';
import { ConfirmDialog } from '@/components/records/confirm-dialog';
import { SearchField } from '@/components/records/search-field';
import { ListPagination } from '@/components/records/list-pagination';
import { useListParams } from '@/components/records/use-list-params';
import { errorMessage } from '@/lib/http';
import { useSessionUser } from '@/lib/session';
import { useStaff } from '../api/get-staff';
import { useUpdateStaff } from '../api/update-staff';
import { useT } from '../i18n';
import { AddStaffDialog } from './add-staff-dialog';
import { CredentialResultDialog } from './credential-result-dialog';
import { ResetPasswordDialog } from './reset-password-dialog';
import type { StaffAction } from './staff-actions-menu';
import { StaffList } from './staff-list';

type Open =
  { kind: 'add' } | { kind: 'deactivate'; member: StaffMember } | { kind: 'reset'; member: StaffMember } | { kind: 'result'; title: string; result: StaffCredentialResult } | null;

const sortKeys = ['name'] as const;
const filterKeys = [] as const;

/** Settings > Staff: the organisation's people, searchable, with add and row actions. */
export function StaffManager() {
  const self = useSessionUser();
  const t = useT();
  const list = useListParams({ sortKeys, filterKeys });
  const staff = useStaff({ page: list.page, pageSize: list.pageSize, ...(list.search.trim() ? { search: list.search.trim() } : {}) });
  const update = useUpdateStaff();
  const [open, setOpen] = useState<Open>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const close = () => setOpen(null);

  const change = (member: StaffMember, changes: StaffUpdate, done: string) => {
    setFailure(null);
    update.mutate(
      { id: member.id, changes },
      {
        onSuccess: () => {
          enqueueSnackbar(done, { variant: 'success' });
          close();
        },
        onError: (error) => {
          // The last active admin cannot be demoted or deactivated (409): say why on the page.
          setFailure(errorMessage(error));
          close();
        },
      },
    );
  };

  const onAction = (action: StaffAction, member: StaffMember) => {
    switch (action) {
      case 'make-admin':
        return change(member, { role: 'ADMIN' }, t('settings.staff.madeAdmin', { name: member.name }));
      case 'make-worker':
        return change(member, { role: 'WORKER' }, t('settings.staff.madeWorker', { name: member.name }));
      case 'reactivate':
        return change(member, { active: true }, t('settings.staff.reactivated', { name: member.name }));
      case 'deactivate':
        return setOpen({ kind: 'deactivate', member });
      case 'reset-password':
        return setOpen({ kind: 'reset', member });
    }
  };

  let body;
  if (staff.error) body = <Alert severity="error">{errorMessage(staff.error)}</Alert>;
  else if (!staff.data)
    body = (
      <Stack spacing={1} sx={{ p: 2 }} aria-busy="true" aria-label={t('settings.staff.loading')}>
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} variant="rounded" height={64} />
        ))}
      </Stack>
    );
  else if (staff.data.data.length === 0)
    body = list.narrowed ? (
      <EmptyState icon={<GroupOutlined />} title={t('settings.staff.noMatches')} description={t('settings.staff.noMatchesBody')} />
    ) : (
      <EmptyState icon={<GroupOutlined />} title={t('settings.staff.empty')} description={t('settings.staff.emptyBody')} />
    );
  else
    body = (
      <>
        <StaffList members={staff.data.data} selfId={self?.id} onAction={onAction} />
        {staff.data.total > list.pageSize ? <ListPagination total={staff.data.total} list={list} labelRowsPerPage={t('settings.staff.rowsPerPage')} /> : null}
      </>
    );

  return (
    <>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center', maxWidth: 880 }}>
        <SearchField value={list.search} onSearch={list.setSearch} placeholder={t('settings.staff.search')} />
        <Box sx={{ flex: 1 }} />
        <Button variant="contained" startIcon={<PersonAddAlt />} onClick={() => setOpen({ kind: 'add' })}>
          {t('settings.staff.add')}
        </Button>
      </Box>
      {failure ? (
        <Alert severity="error" onClose={() => setFailure(null)} sx={{ maxWidth: 880 }}>
          {failure}
        </Alert>
      ) : null}
      <Card variant="outlined" sx={{ maxWidth: 880 }}>
        {body}
      </Card>
      {open?.kind === 'add' ? (
        <AddStaffDialog onClose={close} onCreated={(result) => setOpen({ kind: 'result', title: t('settings.staff.added', { name: result.member.name }), result })} />
      ) : null}
      {open?.kind === 'reset' ? (
        <ResetPasswordDialog
          member={open.member}
          onClose={close}
          onReset={(result) => setOpen({ kind: 'result', title: t('settings.staff.passwordReset', { name: result.member.name }), result })}
        />
      ) : null}
      {open?.kind === 'result' ? <CredentialResultDialog title={open.title} result={open.result} onClose={close} /> : null}
      <ConfirmDialog
        open={open?.kind === 'deactivate'}
        title={open?.kind === 'deactivate' ? t('settings.staff.deactivateTitle', { name: open.member.name }) : ''}
        message={t('settings.staff.deactivateBody')}
        confirmLabel={t('settings.staff.deactivate')}
        destructive
        pending={update.isPending}
        onConfirm={() => {
          if (open?.kind === 'deactivate') change(open.member, { active: false }, t('settings.staff.deactivated', { name: open.member.name }));
        }}
        onClose={close}
      />
    </>
  );
}
