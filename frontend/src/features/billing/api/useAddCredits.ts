import { CREDITS_MESSAGES, type AddCreditsResponse } from '@brandloom/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, getErrorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { refetchCredits } from './refetchBillingData';

/** POST /api/credits/add {amount}: administrators grant bonus credits to their own organization. */
export function useAddCredits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (amount: number) => apiRequest<AddCreditsResponse>('POST', '/api/credits/add', { amount }),
    onSuccess: (transaction, amount) => {
      toast({
        title: CREDITS_MESSAGES.addedTitle,
        description: `${transaction?.amount ?? amount} credits have been added to your account.`,
      });
      void refetchCredits(queryClient);
    },
    onError: (error) => {
      toast({
        title: CREDITS_MESSAGES.addFailedTitle,
        description: getErrorMessage(error, error.message),
        variant: 'destructive',
      });
    },
  });
}
