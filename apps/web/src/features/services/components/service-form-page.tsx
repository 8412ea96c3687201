import { useParams } from 'react-router';
import { PageContainer } from '@/components/page-container';
import { RecordLoadState } from '@/components/records/record-states';
import { paths } from '@/config/paths';
import { useService } from '../api/get-service';
import { useT, type ListKind } from '../i18n';
import { ServiceForm } from './service-form';

interface ServiceFormPageProps {
  area: typeof paths.scans | typeof paths.services;
  /** The list the page belongs to, for its texts ('Add scan or test', 'Back to …'). */
  kind: ListKind;
}

function EditService({ id, area, kind }: ServiceFormPageProps & { id: string }) {
  const t = useT();
  const service = useService(id);
  const wrongArea = service.data && (service.data.kind === 'OTHER') !== (area === paths.services);
  if (!service.data || wrongArea) {
    return (
      <RecordLoadState
        title={t('services.editTitle', { kind })}
        error={service.error}
        notFound={wrongArea}
        notFoundTitle={t('services.notFound')}
        backHref={area}
        backLabel={t('services.back', { kind })}
      />
    );
  }
  return (
    <PageContainer title={t('services.editName', { name: service.data.name })}>
      <ServiceForm key={service.data.id} area={area} service={service.data} />
    </PageContainer>
  );
}

/** /scan/new, /scan/:id/edit, /service/new and /service/:id/edit. */
export function ServiceFormPage(props: ServiceFormPageProps) {
  const t = useT();
  const { id } = useParams();
  if (id) return <EditService id={id} {...props} />;
  return (
    <PageContainer title={t('services.add', { kind: props.kind })}>
      <ServiceForm area={props.area} />
    </PageContainer>
  );
}
