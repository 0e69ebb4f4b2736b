import { Button, Result } from 'antd';
import { navigate } from '../routing/location';

export function NotFoundPage({ home }: { home: string }) {
  return (
    <div data-page="not-found">
      <Result
        status="404"
        title="Page not found"
        subTitle="There is no page at this address. Check the link, or go back to the start."
        extra={
          <Button type="primary" onClick={() => navigate(home)}>
            Go to the start page
          </Button>
        }
      />
    </div>
  );
}
