import { Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import type { ReactNode } from 'react';
import { ScrollShadowTableContainer } from '../../../components/ScrollShadowTableContainer';
import { useT } from '../../../lib/i18n/translate';

interface SettingsTableProps {
  /** The name of the region the table scrolls in: it takes focus, so a keyboard scrolls a table wider than the card. */
  regionLabel: string;
  label: string;
  /** The headings of the columns before the last one, which holds each row's actions. */
  columns: string[];
  size?: 'small';
  /** The rows. */
  children: ReactNode;
}

/** A list in Settings (members, invitations, keys, deliveries) as a table whose last column holds each row's actions. */
export function SettingsTable({ regionLabel, label, columns, size, children }: SettingsTableProps) {
  const t = useT();
  return (
    <ScrollShadowTableContainer tabIndex={0} role="region" aria-label={regionLabel}>
      <Table size={size} aria-label={label}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column}>{column}</TableCell>
            ))}
            <TableCell align="right">{t('settings.team.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>{children}</TableBody>
      </Table>
    </ScrollShadowTableContainer>
  );
}
