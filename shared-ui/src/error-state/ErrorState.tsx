import { Button, Result } from 'antd';

export type ErrorStateProps = {
  /** Defaults to 'Something went wrong'. */
  title?: string;
  message: string;
  /** When given, a 'Retry' button calls it. */
  onRetry?: () => void;
};

/** What a page or a part of one shows when it could not load. */
export function ErrorState({ title = 'Something went wrong', message, onRetry }: ErrorStateProps) {
  return (
    <div role="alert" className="carelane-error-state">
      <Result
        status="error"
        title={title}
        subTitle={message}
        extra={
          onRetry ? (
            <Button type="primary" onClick={onRetry}>
              Retry
            </Button>
          ) : undefined
        }
      />
    </div>
  );
}
