import { useParams } from 'react-router';
import { PageContainer } from '@/components/page-container';
import { RecordLoadState } from '@/components/records/record-states';
import { paths } from '@/config/paths';
import { useService } from '../api/get-service';
import { ServiceForm } from './service-form';

interface ServiceFormPageProps {
  area: typeof paths.scans | typeof paths.services;
  /** 'scan or test', 'service'… */
  noun: string;
  /** The list's title, for 'Back to …'. */
  listTitle: string;
}

function EditService({ id, area, noun, listTitle }: ServiceFormPageProps & { id: string }) {
  const service = useService(id);
  const wrongArea = service.data && (service.data.kind === 'OTHER') !== (area === paths.services);
  if (!service.data || wrongArea) {
    return (
      <RecordLoadState
        title={`Edit ${noun}`}
        error={service.error}
        notFound={wrongArea}
        notFoundTitle="Not found"
        backHref={area}
        backLabel={`Back to ${listTitle.toLowerCase()}`}
      />
    );
  }
  return (
    <PageContainer title={`Edit ${service.data.name}`}>
      <ServiceForm key={service.data.id} area={area} service={service.data} />
    </PageContainer>
  );
}

/** /scan/new, /scan/:id/edit, /service/new and /service/:id/edit. */
export function ServiceFormPage(props: ServiceFormPageProps) {
  const { id } = useParams();
  if (id) return <EditService id={id} {...props} />;
  return (
    <PageContainer title={`Add ${props.noun}`}>
      <ServiceForm area={props.area} />
    </PageContainer>
  );
}
