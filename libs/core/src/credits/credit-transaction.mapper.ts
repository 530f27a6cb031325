import type { CreditTransactionDto } from '@brandloom/contracts';
import type { CreditTransaction } from './entities/credit-transaction.entity';

export const toCreditTransactionDto = (t: CreditTransaction): CreditTransactionDto => ({
  id: t.id,
  created_at: new Date(t.created_at).toISOString(),
  type: t.type,
  transaction_type: t.type,
  description: t.description,
  brand_name: t.brand_name,
  amount: t.amount,
  status: t.status,
});

export const CREDIT_TRANSACTIONS_CSV_HEADER = ['id', 'created_at', 'type', 'description', 'brand_name', 'amount', 'status'] as const;

/** One CSV line (RFC 4180, CRLF-terminated) of the transaction export. */
export function toCsvLine(values: ReadonlyArray<string | number | null>): string {
  return values.map(csvField).join(',') + '\r\n';
}

export function creditTransactionCsvLine(t: CreditTransaction): string {
  const dto = toCreditTransactionDto(t);
  return toCsvLine([dto.id, dto.created_at, dto.type, dto.description, dto.brand_name, dto.amount, dto.status]);
}

function csvField(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  // A text cell starting with a formula character would run as a formula in a spreadsheet.
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
