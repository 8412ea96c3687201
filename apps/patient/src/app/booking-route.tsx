import type { BookingKind } from '@/config/paths';
import { PhoneSignIn } from '@/features/auth/components/phone-sign-in';
import { BookingPage } from '@/features/booking/pages/booking-page';

/** Booking signs in mid-flow with the auth feature's phone and code: features meet here. */
export function BookingRoute({ slug, kind, id }: { slug: string; kind: BookingKind; id: string }) {
  return <BookingPage slug={slug} kind={kind} id={id} signIn={PhoneSignIn} />;
}
