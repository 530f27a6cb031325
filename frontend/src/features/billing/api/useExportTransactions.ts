import type { CreditTransactionFilter } from '@brandloom/contracts';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { failureDescription } from '../../../lib/billing';

export function transactionsCsvUrl(type: CreditTransactionFilter): string {
  return `/api/credits/transactions.csv?${new URLSearchParams({ type }).toString()}`;
}

/** The file name from `Content-Disposition: attachment; filename="..."`, if any. */
function fileNameOf(res: Response): string | null {
  const match = /filename="?([^";]+)"?/i.exec(res.headers.get('Content-Disposition') ?? '');
  return match ? match[1] : null;
}

/** Saves a downloaded file under `fileName` through a temporary link. */
function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Some browsers read the object URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Downloads GET /api/credits/transactions.csv?type=... (the open tab's transactions) as a file. */
export function useExportTransactions() {
  return useMutation({
    mutationFn: async (type: CreditTransactionFilter) => {
      const res = await fetch(transactionsCsvUrl(type), { credentials: 'include' });
      if (!res.ok) throw new ApiError(res.status, (await res.text()) || res.statusText);
      saveFile(await res.blob(), fileNameOf(res) ?? `credit-transactions-${type}.csv`);
    },
    onError: (error) => {
      toast({ title: 'Export failed', description: failureDescription(error, 'Failed to export transactions.'), variant: 'destructive' });
    },
  });
}
