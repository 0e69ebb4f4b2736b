// "Export CSV" of every row of a list's filters: busy while the pages are read, the file saved, a failure an
// error toast ('Sorry, {thing} could not be exported. …').
import { errorMessage, publishErrorToast, saveFile } from '@carelane/shared-session';
import { Button } from 'antd';
import { useState } from 'react';

export function ExportCsvButton({
  thing,
  file,
}: {
  thing: string;
  file: () => Promise<{ blob: Blob; fileName: string }>;
}) {
  const [exporting, setExporting] = useState(false);
  const run = async () => {
    setExporting(true);
    try {
      const made = await file();
      saveFile(made, made.fileName);
    } catch (error) {
      publishErrorToast(errorMessage(error, thing, 'exported'));
    } finally {
      setExporting(false);
    }
  };
  return (
    <Button loading={exporting} onClick={() => void run()}>
      Export CSV
    </Button>
  );
}
