import { useId } from 'react';
import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import type { PublicFacility } from '../catalogue';

/** The order a week is read in India: Monday first. */
const WEEK = [1, 2, 3, 4, 5, 6, 0];

/** A facility: where it is, when it is open, how to call it and get there. */
export function FacilityCard({ facility }: { facility: PublicFacility }) {
  const t = useT();
  const format = useFormat();
  const titleId = useId();
  const hoursId = useId();
  const windowsOf = (weekday: number) => facility.hours.find((day) => day.weekday === weekday)?.windows ?? [];
  return (
    <article className="facility-card" aria-labelledby={titleId}>
      <h3 id={titleId}>{facility.name}</h3>
      {facility.address && <address className="facility-card__address">{facility.address}</address>}
      {facility.hours.length > 0 && (
        <>
          <h4 id={hoursId}>{t('organisation.hours')}</h4>
          <dl className="facility-card__hours" aria-labelledby={hoursId}>
            {WEEK.map((weekday) => {
              const windows = windowsOf(weekday);
              return (
                <div key={weekday}>
                  <dt>{format.weekday(weekday)}</dt>
                  <dd>{windows.length === 0 ? t('organisation.closed') : windows.map((window) => `${format.time(window.start)} – ${format.time(window.end)}`).join(', ')}</dd>
                </div>
              );
            })}
          </dl>
        </>
      )}
      <div className="actions">
        {facility.phone && (
          <a
            className="button button--secondary"
            href={`tel:${facility.phone.replace(/[^\d+]/g, '')}`}
            aria-label={t('organisation.callNamed', { phone: facility.phone, name: facility.name })}
          >
            {t('organisation.call', { phone: facility.phone })}
          </a>
        )}
        {facility.mapUrl && (
          <a
            className="button button--secondary"
            href={facility.mapUrl}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t('organisation.directionsNamed', { name: facility.name })}
          >
            {t('organisation.directions')}
          </a>
        )}
      </div>
    </article>
  );
}
