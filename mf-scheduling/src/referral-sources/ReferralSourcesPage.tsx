import { NotBuiltYet, type PageProps } from '@carelane/shared-ui';

// Placeholder: filled in by the scheduling issue (#4).
export default function ReferralSourcesPage({ route }: PageProps) {
  return <NotBuiltYet route={route} areaTitle="Scheduling" />;
}
