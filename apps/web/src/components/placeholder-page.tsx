import Card from '@mui/material/Card';
import type { ReactNode } from 'react';
import { EmptyState } from './empty-state';
import { PageContainer } from './page-container';

interface AreaEmptyPageProps {
  title: string;
  icon: ReactNode;
  message: string;
}

/** A page whose records do not exist yet: its title and an honest empty state, never sample data. */
export function AreaEmptyPage({ title, icon, message }: AreaEmptyPageProps) {
  return (
    <PageContainer title={title}>
      <Card variant="outlined">
        <EmptyState icon={icon} title={message} />
      </Card>
    </PageContainer>
  );
}
