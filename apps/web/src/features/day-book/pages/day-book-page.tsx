import { PAYMENT_MODE_LABELS, paymentModes, type DayBook } from '@caredesk/shared';
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
        onSuccess: () => enqueueSnackbar('Day closed', { variant: 'success' }),
        onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
      },
    );
  };

  return (
    <Box component="form" aria-label="Close the day" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2, maxWidth: 480 }}>
      <Typography variant="body2">Count the cash in the drawer. Closing the day fixes its bills; money taken afterwards goes into the next day.</Typography>
      <TextField
        label="Cash counted (₹)"
        value={counted}
        onChange={(event) => setCounted(event.target.value)}
        error={counted !== '' && countedPaise === undefined}
        helperText={
          counted !== '' && countedPaise === undefined
            ? 'Enter an amount in rupees'
            : difference === undefined
              ? `Expected ${fFee(book.expectedCashPaise)}`
              : difference === 0
                ? 'Matches the book'
                : difference < 0
                  ? `Short by ${fFee(-difference)}`
                  : `Over by ${fFee(difference)}`
        }
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        required
      />
      <TextField label="Note (optional)" value={note} onChange={(event) => setNote(event.target.value)} multiline minRows={2} slotProps={{ htmlInput: { maxLength: 500 } }} />
      <Box>
        <Button type="submit" variant="contained" disabled={close.isPending || countedPaise === undefined}>
          Close the day
        </Button>
      </Box>
    </Box>
  );
}

/** /day-book: a facility's day at the desk — receipts and refunds by mode and staff, and the cash count that closes it. */
export default function DayBookPage() {
  const today = useOrganisationToday();
  const [date, setDate] = useState(today);
  const manages = useManagesFacilities();
  const facilities = useFacilities();
  const [facilityId, setFacilityId] = useState<string | null>(null);
  const book = useDayBook(date, facilityId);
  const data = book.data;

  return (
    <PageContainer
      title="Day book"
      actions={
        <Stack direction="row" spacing={2}>
          <TextField
            type="date"
            label="Date"
            value={date}
            onChange={(event) => event.target.value && setDate(event.target.value)}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today } }}
            size="small"
          />
          {manages ? (
            <TextField
              select
              size="small"
              label="Facility"
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
      {!data && !book.error ? <Skeleton variant="rounded" height={240} aria-label="Loading the day book" /> : null}
      {data ? (
        <Stack spacing={3}>
          <Box component="section" aria-label="Totals" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
            <Figure label="Received" paise={data.receivedPaise} />
            <Figure label="Refunded" paise={data.refundedPaise} />
            {paymentModes.map((mode) => (
              <Figure key={mode} label={`Net ${PAYMENT_MODE_LABELS[mode]}`} paise={data.netByMode[mode]} />
            ))}
            <Figure label={`Billed (${data.bills} ${data.bills === 1 ? 'bill' : 'bills'})`} paise={data.billedPaise} />
            <Figure label="Still due on them" paise={data.duePaise} />
          </Box>

          {/* Wide tables scroll sideways on a phone: the box takes focus so a keyboard can scroll it. */}
          <Card variant="outlined" sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="Staff totals">
            <Table size="small" aria-label="By staff member">
              <TableHead>
                <TableRow>
                  <TableCell>Staff member</TableCell>
                  <TableCell align="right">Receipts</TableCell>
                  <TableCell align="right">Received</TableCell>
                  <TableCell align="right">Refunded</TableCell>
                  <TableCell align="right">Net cash</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.byStaff.length === 0 ? (
                  <TableRow>
                    <TableCell colSpan={5}>Nothing received on this day.</TableCell>
                  </TableRow>
                ) : (
                  data.byStaff.map((person) => (
                    <TableRow key={person.staffId ?? 'none'}>
                      <TableCell>{person.staffName ?? 'Former staff member'}</TableCell>
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

          <Card variant="outlined" sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="Entries">
            <Table size="small" aria-label="Receipts and refunds">
              <TableHead>
                <TableRow>
                  <TableCell>Time</TableCell>
                  <TableCell>Number</TableCell>
                  <TableCell>Bill</TableCell>
                  <TableCell>Patient</TableCell>
                  <TableCell>Mode</TableCell>
                  <TableCell align="right">Amount</TableCell>
                  <TableCell>By</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.entries.map((entry) => (
                  <TableRow key={entry.id}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{fDateTime(entry.createdAt)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{entry.number}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{entry.billNumber}</TableCell>
                    <TableCell>{entry.patientName ?? '—'}</TableCell>
                    <TableCell>{PAYMENT_MODE_LABELS[entry.mode]}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {entry.kind === 'REFUND' ? `−${fFee(entry.amountPaise)}` : fFee(entry.amountPaise)}
                    </TableCell>
                    <TableCell>{entry.staffName ?? '—'}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Card>

          <Card variant="outlined" sx={{ p: 2 }} component="section" aria-label="Cash count">
            <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
              Cash count
            </Typography>
            {data.closed ? (
              <Alert severity={data.closed.differencePaise === 0 ? 'success' : 'warning'}>
                Closed by {data.closed.closedBy ?? 'a former staff member'} on {fDateTime(data.closed.closedAt)}: counted {fFee(data.closed.countedCashPaise)} against{' '}
                {fFee(data.closed.expectedCashPaise)} expected
                {data.closed.differencePaise === 0
                  ? '.'
                  : data.closed.differencePaise < 0
                    ? `, short by ${fFee(-data.closed.differencePaise)}.`
                    : `, over by ${fFee(data.closed.differencePaise)}.`}
                {data.closed.note ? ` ${data.closed.note}` : ''}
              </Alert>
            ) : date > today ? (
              <Typography variant="body2">This day has not begun.</Typography>
            ) : (
              <CloseForm key={`${date}:${data.facilityId ?? ''}`} book={data} facilityId={facilityId} />
            )}
          </Card>
        </Stack>
      ) : null}
    </PageContainer>
  );
}
