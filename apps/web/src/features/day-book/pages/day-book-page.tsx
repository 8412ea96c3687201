import { paymentModes, type DayBook } from '@caredesk/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { paiseOf } from '@/components/billing/amounts';
import { PageContainer } from '@/components/page-container';
import { enqueueSnackbar } from '@/components/toast';
import { useFacilities, useManagesFacilities } from '@/components/use-facilities';
import { fFee } from '@/components/visits/visit-format';
import { fDateTime } from '@/lib/format';
import { errorMessage } from '@/lib/http';
import { useOrganisationToday } from '@/lib/organisation-today';
import { useCloseDay, useDayBook } from '../api/day-book';
import { useT } from '../i18n';
import { paymentModeLabel } from '@/i18n/shared-labels';

function Figure({ label, paise }: { label: string; paise: number }) {
  return (
    <Card variant="outlined" sx={{ p: 2, minWidth: 140, flex: '1 1 140px' }}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography variant="h6" component="p">
        {fFee(paise)}
      </Typography>
    </Card>
  );
}

function CloseForm({ book, facilityId }: { book: DayBook; facilityId: string | null }) {
  const t = useT();
  const close = useCloseDay();
  const [counted, setCounted] = useState('');
  const [note, setNote] = useState('');
  const countedPaise = paiseOf(counted);
  const difference = countedPaise === undefined ? undefined : countedPaise - book.expectedCashPaise;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (countedPaise === undefined) return;
    close.mutate(
      { date: book.date, ...(facilityId ? { facilityId } : {}), countedCashPaise: countedPaise, ...(note.trim() ? { note: note.trim() } : {}) },
      {
        onSuccess: () => enqueueSnackbar(t('day-book.close.done'), { variant: 'success' }),
        onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
      },
    );
  };

  return (
    <Box component="form" aria-label={t('day-book.close.label')} noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2, maxWidth: 480 }}>
      <Typography variant="body2">{t('day-book.close.intro')}</Typography>
      <TextField
        label={t('day-book.close.counted')}
        value={counted}
        onChange={(event) => setCounted(event.target.value)}
        error={counted !== '' && countedPaise === undefined}
        helperText={
          counted !== '' && countedPaise === undefined
            ? t('day-book.close.invalid')
            : difference === undefined
              ? t('day-book.close.expected', { amount: fFee(book.expectedCashPaise) })
              : difference === 0
                ? t('day-book.close.matches')
                : difference < 0
                  ? t('day-book.close.short', { amount: fFee(-difference) })
                  : t('day-book.close.over', { amount: fFee(difference) })
        }
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        required
      />
      <TextField
        label={t('day-book.close.note')}
        value={note}
        onChange={(event) => setNote(event.target.value)}
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: 500 } }}
      />
      <Box>
        <Button type="submit" variant="contained" disabled={close.isPending || countedPaise === undefined}>
          {t('day-book.close.label')}
        </Button>
      </Box>
    </Box>
  );
}

type Translate = ReturnType<typeof useT>;

/** Who closed the day, when, and how the count compared with the book. */
function closedSummary(closed: NonNullable<DayBook['closed']>, t: Translate): string {
  const values = {
    name: closed.closedBy ?? t('day-book.closed.formerStaff'),
    date: fDateTime(closed.closedAt),
    counted: fFee(closed.countedCashPaise),
    expected: fFee(closed.expectedCashPaise),
  };
  if (closed.differencePaise === 0) return t('day-book.closed.matched', values);
  return closed.differencePaise < 0
    ? t('day-book.closed.short', { ...values, difference: fFee(-closed.differencePaise) })
    : t('day-book.closed.over', { ...values, difference: fFee(closed.differencePaise) });
}

/** /day-book:
 a facility's day at the desk — receipts and refunds by mode and staff, and the cash count that closes it. */
export default function DayBookPage() {
  const t = useT();
  const today = useOrganisationToday();
  const [date, setDate] = useState(today);
  const manages = useManagesFacilities();
  const facilities = useFacilities();
  const [facilityId, setFacilityId] = useState<string | null>(null);
  const book = useDayBook(date, facilityId);
  const data = book.data;

  return (
    <PageContainer
      title={t('day-book.title')}
      actions={
        <Stack direction="row" spacing={2}>
          <TextField
            type="date"
            label={t('day-book.date')}
            value={date}
            onChange={(event) => event.target.value && setDate(event.target.value)}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today } }}
            size="small"
          />
          {manages ? (
            <TextField
              select
              size="small"
              label={t('day-book.facility')}
              value={facilityId ?? data?.facilityId ?? ''}
              onChange={(event) => setFacilityId(event.target.value || null)}
              sx={{ minWidth: 180 }}
            >
              {(facilities.data ?? []).map((facility) => (
                <MenuItem key={facility.id} value={facility.id}>
                  {facility.name}
                </MenuItem>
              ))}
            </TextField>
          ) : null}
        </Stack>
      }
    >
      {book.error ? <Alert severity="error">{errorMessage(book.error)}</Alert> : null}
      {!data && !book.error ? <Skeleton variant="rounded" height={240} aria-label={t('day-book.loading')} /> : null}
      {data ? (
        <Stack spacing={3}>
          <Box component="section" aria-label={t('day-book.totals')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
            <Figure label={t('day-book.received')} paise={data.receivedPaise} />
            <Figure label={t('day-book.refunded')} paise={data.refundedPaise} />
            {paymentModes.map((mode) => (
              <Figure key={mode} label={t('day-book.net', { mode: paymentModeLabel(mode) })} paise={data.netByMode[mode]} />
            ))}
            <Figure label={t('day-book.billed', { count: data.bills })} paise={data.billedPaise} />
            <Figure label={t('day-book.stillDue')} paise={data.duePaise} />
          </Box>

          {/* Wide tables scroll sideways on a phone: the box takes focus so a keyboard can scroll it. */}
          <Card variant="outlined" sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={t('day-book.staffTotals')}>
            <Table size="small" aria-label={t('day-book.byStaff')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('day-book.column.staff')}</TableCell>
                  <TableCell align="right">{t('day-book.column.receipts')}</TableCell>
                  <TableCell align="right">{t('day-book.received')}</TableCell>
                  <TableCell align="right">{t('day-book.refunded')}</TableCell>
                  <TableCell align="right">{t('day-book.column.netCash')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.byStaff.length === 0 ? (
                  <TableRow>
                    <TableCell colSpan={5}>{t('day-book.nothingReceived')}</TableCell>
                  </TableRow>
                ) : (
                  data.byStaff.map((person) => (
                    <TableRow key={person.staffId ?? 'none'}>
                      <TableCell>{person.staffName ?? t('day-book.formerStaff')}</TableCell>
                      <TableCell align="right">{person.receipts}</TableCell>
                      <TableCell align="right">{fFee(person.receivedPaise)}</TableCell>
                      <TableCell align="right">{fFee(person.refundedPaise)}</TableCell>
                      <TableCell align="right">{fFee(person.netByMode.CASH)}</TableCell>
                    </TableRow>
                  ))
                )}
              </TableBody>
            </Table>
          </Card>

          <Card variant="outlined" sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={t('day-book.entries')}>
            <Table size="small" aria-label={t('day-book.entriesTable')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('day-book.column.time')}</TableCell>
                  <TableCell>{t('day-book.column.number')}</TableCell>
                  <TableCell>{t('day-book.column.bill')}</TableCell>
                  <TableCell>{t('day-book.column.patient')}</TableCell>
                  <TableCell>{t('day-book.column.mode')}</TableCell>
                  <TableCell align="right">{t('day-book.column.amount')}</TableCell>
                  <TableCell>{t('day-book.column.by')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.entries.map((entry) => (
                  <TableRow key={entry.id}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{fDateTime(entry.createdAt)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{entry.number}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{entry.billNumber}</TableCell>
                    <TableCell>{entry.patientName ?? '—'}</TableCell>
                    <TableCell>{paymentModeLabel(entry.mode)}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {entry.kind === 'REFUND' ? `−${fFee(entry.amountPaise)}` : fFee(entry.amountPaise)}
                    </TableCell>
                    <TableCell>{entry.staffName ?? '—'}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Card>

          <Card variant="outlined" sx={{ p: 2 }} component="section" aria-label={t('day-book.cashCount')}>
            <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
              {t('day-book.cashCount')}
            </Typography>
            {data.closed ? (
              <Alert severity={data.closed.differencePaise === 0 ? 'success' : 'warning'}>
                {closedSummary(data.closed, t)}
                {data.closed.note ? ` ${data.closed.note}` : ''}
              </Alert>
            ) : date > today ? (
              <Typography variant="body2">{t('day-book.notBegun')}</Typography>
            ) : (
              <CloseForm key={`${date}:${data.facilityId ?? ''}`} book={data} facilityId={facilityId} />
            )}
          </Card>
        </Stack>
      ) : null}
    </PageContainer>
  );
}
