import { useId } from 'react';
import { ButtonLink } from '@/components/button';
import { paths } from '@/config/paths';
import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import { initialsOf, type PublicDoctor } from '../catalogue';
import { NextSlot } from './next-slot';

interface DoctorCardProps {
  doctor: PublicDoctor;
  slug: string;
  facilityName: string | null;
  timeZone: string;
  horizonDays: number;
}

/** A doctor: photo or initials, who they are, where, the fee, when they are next free, Book. */
export function DoctorCard({ doctor, slug, facilityName, timeZone, horizonDays }: DoctorCardProps) {
  const t = useT();
  const format = useFormat();
  const titleId = useId();
  return (
    <article className="catalogue-card" aria-labelledby={titleId}>
      {doctor.photoUrl ? (
        // Below the fold on a phone: loaded when scrolled near, its box kept so nothing jumps.
        <img className="catalogue-card__photo" src={doctor.photoUrl} alt="" width="64" height="64" loading="lazy" decoding="async" />
      ) : (
        <span className="catalogue-card__photo catalogue-card__initials" aria-hidden="true">
          {initialsOf(doctor.name)}
        </span>
      )}
      <div className="catalogue-card__body">
        <h3 id={titleId}>{doctor.name}</h3>
        <p className="catalogue-card__detail">{doctor.specialization}</p>
        {doctor.qualifications && <p className="catalogue-card__muted">{doctor.qualifications}</p>}
        {facilityName && <p className="catalogue-card__muted">{facilityName}</p>}
        <p className="catalogue-card__price">{t('organisation.fee', { amount: format.money(doctor.feePaise) })}</p>
        <NextSlot nextSlot={doctor.nextSlot} timeZone={timeZone} horizonDays={horizonDays} />
        {doctor.nextSlot && (
          <ButtonLink className="catalogue-card__book" to={paths.book.getHref(slug, 'doctors', doctor.id)} aria-label={t('organisation.bookNamed', { name: doctor.name })}>
            {t('organisation.book')}
          </ButtonLink>
        )}
      </div>
    </article>
  );
}
