import { useId } from 'react';
import { ButtonLink } from '@/components/button';
import { paths } from '@/config/paths';
import { useFormat } from '@/i18n/format';
import { useT, type MessageId } from '@/i18n/use-t';
import type { PublicService } from '../catalogue';
import { NextSlot } from './next-slot';

const KIND: Record<PublicService['kind'], MessageId> = { SCAN: 'serviceKind.SCAN', TEST: 'serviceKind.TEST', OTHER: 'serviceKind.OTHER' };

interface ServiceCardProps {
  service: PublicService;
  slug: string;
  facilityName: string | null;
  timeZone: string;
  horizonDays: number;
}

/** A scan or test: what it is, where, the price, how to prepare, when it is next free, Book. */
export function ServiceCard({ service, slug, facilityName, timeZone, horizonDays }: ServiceCardProps) {
  const t = useT();
  const format = useFormat();
  const titleId = useId();
  return (
    <article className="catalogue-card" aria-labelledby={titleId}>
      <div className="catalogue-card__body">
        <h3 id={titleId}>{service.name}</h3>
        <p className="catalogue-card__detail">{service.category ? `${t(KIND[service.kind])} · ${service.category}` : t(KIND[service.kind])}</p>
        {facilityName && <p className="catalogue-card__muted">{facilityName}</p>}
        <p className="catalogue-card__price">{t('organisation.price', { amount: format.money(service.pricePaise) })}</p>
        {service.includes.length > 0 && <p className="catalogue-card__muted">{t('organisation.includes', { tests: format.list(service.includes) })}</p>}
        {service.preparation && <p className="catalogue-card__muted">{t('organisation.preparation', { preparation: service.preparation })}</p>}
        <NextSlot nextSlot={service.nextSlot} timeZone={timeZone} horizonDays={horizonDays} />
        {service.nextSlot && (
          <ButtonLink className="catalogue-card__book" to={paths.book.getHref(slug, 'services', service.id)} aria-label={t('organisation.bookNamed', { name: service.name })}>
            {t('organisation.book')}
          </ButtonLink>
        )}
      </div>
    </article>
  );
}
