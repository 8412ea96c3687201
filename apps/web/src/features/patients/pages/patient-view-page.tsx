import { PageContainer } from '@/components/page-container';

/** Route placeholder: replaced by the page of issue #3 in this same change. */
export default function PatientViewPage() {
  return <PageContainer title="Loading…">{null}</PageContainer>;
}
