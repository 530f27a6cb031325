import { type AddCreditsResponse } from '@brandloom/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, getErrorMessage } from '../../../lib/api';
import { translate } from '../../../lib/i18n/translate';
import { toast } from '../../../lib/toast';
import { refetchCredits } from './refetchBillingData';

/** POST /api/credits/add {amount}: administrators grant bonus credits to their own organization. */
export function useAddCredits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (amount: number) => apiRequest<AddCreditsResponse>('POST', '/api/credits/add', { amount }),
    onSuccess: (transaction, amount) => {
      toast({
        title: translate('billing.add.addedTitle'),
        description: translate('billing.add.added', { amount: transaction?.amount ?? amount }),
      });
      void refetchCredits(queryClient);
    },
    onError: (error) => {
      toast({
        title: translate('billing.add.failedTitle'),
        description: getErrorMessage(error, error.message),
        variant: 'destructive',
      });
    },
  });
}
