import { paymentStatusLabels, tokenLabel, visitSourceLabels, visitStatusLabels, type AppointmentStatus, type BookingStatus } from '@caredesk/shared';
import { rupees, type CsvColumn } from '../../lib/csv.js';

/** What a row of a visit export holds, whatever the kind (the kind adds its owner's columns). */
export interface VisitExportRow {
  date: string;
  startTime: string;
  tokenNumber: number;
  tokenPrefix: string | null;
  patientName: string;
  uhid: string;
  patientPhone: string;
  status: AppointmentStatus | BookingStatus;
  awaitingConfirmation: boolean;
  paymentStatus: keyof typeof paymentStatusLabels;
  amountPaise: number;
  source: keyof typeof visitSourceLabels;
  reason: string | null;
  cancelReason: string | null;
  createdAt: Date;
}

/**
 * The columns of an appointments or bookings CSV, as a front desk reads its day: when, the token,
 * who (name, UHID, phone), with whom or what (`owner`), the status, the money, how it was booked
 * and why. Clinical notes stay on the one record, whose read is audited.
 */
export function visitCsvColumns<Row extends VisitExportRow>(owner: CsvColumn<Row>[], amountHeader: string): CsvColumn<Row>[] {
  return [
    { header: 'Date', value: (v) => v.date },
    { header: 'Time', value: (v) => v.startTime },
    { header: 'Token', value: (v) => tokenLabel(v.tokenNumber, v.tokenPrefix) },
    { header: 'Patient', value: (v) => v.patientName },
    { header: 'UHID', value: (v) => v.uhid },
    { header: 'Phone', value: (v) => v.patientPhone },
    ...owner,
    { header: 'Status', value: (v) => visitStatusLabels[v.status] },
    { header: 'Awaiting confirmation', value: (v) => (v.awaitingConfirmation ? 'Yes' : 'No') },
    { header: 'Payment', value: (v) => paymentStatusLabels[v.paymentStatus] },
    { header: amountHeader, value: (v) => rupees(v.amountPaise) },
    { header: 'Source', value: (v) => visitSourceLabels[v.source] },
    { header: 'Reason', value: (v) => v.reason },
    { header: 'Cancel reason', value: (v) => v.cancelReason },
    { header: 'Booked at', value: (v) => v.createdAt.toISOString() },
  ];
}
