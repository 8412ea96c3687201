import { useId } from 'react';
import type { Visit } from '../visit';
import { VisitCard } from './visit-card';

interface VisitListProps {
  title: string;
  empty: string;
  visits: Visit[];
  onCancel?: (visit: Visit) => void;
  onReschedule?: (visit: Visit) => void;
}

/** A titled list of visits (upcoming or past), named by its heading. */
export function VisitList({ title, empty, visits, onCancel, onReschedule }: VisitListProps) {
  const headingId = useId();
  return (
    <section className="visit-list" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {visits.length === 0 ? (
        <p className="page__lead">{empty}</p>
      ) : (
        <ul aria-labelledby={headingId}>
          {visits.map((visit) => (
            <li key={`${visit.kind}:${visit.id}`}>
              <VisitCard visit={visit} {...(onCancel ? { onCancel } : {})} {...(onReschedule ? { onReschedule } : {})} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
