import { Button, Result } from 'antd';

/** What the area shows when one of its pages throws while rendering. */
export function AreaCrashed({ area, error }: { area: string; error: Error }) {
  console.error(`${area}: a page failed to render`, error);
  return (
    <div role="alert" style={{ padding: 24 }}>
      <Result
        status="error"
        title="Something went wrong"
        subTitle="Sorry, this page could not be shown. Try again, or reload the page."
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            Reload
          </Button>
        }
      />
    </div>
  );
}
