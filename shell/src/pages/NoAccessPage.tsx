import { Button, Result } from 'antd';
import { navigate } from '../routing/location';

/** A page the signed-in user may not open (the server refuses its data too). */
export function NoAccessPage({ title, home }: { title: string; home: string }) {
  return (
    <div data-page="no-access">
      <Result
        status="403"
        title="No access"
        subTitle={`You don't have access to ${title}. If you need it, ask your administrator for the privilege.`}
        extra={
          <Button type="primary" onClick={() => navigate(home)}>
            Go to the start page
          </Button>
        }
      />
    </div>
  );
}
