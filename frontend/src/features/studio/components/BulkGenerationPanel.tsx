import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Chip,
  IconButton,
  LinearProgress,
  Link,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
  type ChipProps,
} from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { QUALITIES, type AdFormatId, type Quality } from '@brandloom/contracts';
import { useState } from 'react';
import { useDropzone } from 'react-dropzone';
import { BULK_TEMPLATE_URL, type BulkRow } from '../api/bulk';
import { parseAssetUrl } from '../api/images';
import type { BrandProfileOption } from '../api/useBrandProfiles';
import { useBulkGeneration } from '../hooks/useBulkGeneration';
import { BrandProfileSelect } from './BrandProfileSelect';
import { AdFormatsChooser } from './AdFormatsChooser';
import { ImageWithFallback } from './ImageWithFallback';
import { dropZoneSx } from '../../../components/dropZoneSx';
import { formatFileSize, formatNumber } from '../../../lib/i18n/format';
import { translate, useRichT, useT, type MessageKey } from '../../../lib/i18n/translate';

/** Browsers label CSV files text/csv, or application/vnd.ms-excel on Windows; the extension decides otherwise. */
const CSV_ACCEPT = { 'text/csv': ['.csv'], 'application/vnd.ms-excel': ['.csv'] };

const STATUS_COLORS: Record<string, ChipProps['color']> = {
  queued: 'default',
  processing: 'info',
  completed: 'success',
  failed: 'error',
};
const QUALITY_LABELS: Record<Quality, MessageKey> = { low: 'studio.quality.low', medium: 'studio.quality.medium', high: 'studio.quality.high' };


interface BulkGenerationPanelProps {
  brandProfiles: BrandProfileOption[];
  initialBrandProfileId: string;
}

/** "Bulk Generation": CSV upload, defaults, progress per row, results grid. */
export function BulkGenerationPanel({ brandProfiles, initialBrandProfileId }: BulkGenerationPanelProps) {
  const t = useT();
  const richT = useRichT();
  const [file, setFile] = useState<File | null>(null);
  const [fileErrors, setFileErrors] = useState<string[]>([]);
  const [defaultBrandProfileId, setDefaultBrandProfileId] = useState(initialBrandProfileId);
  const [defaultQuality, setDefaultQuality] = useState<Quality | ''>('');
  const [defaultFormats, setDefaultFormats] = useState<AdFormatId[]>([]);
  const bulk = useBulkGeneration();
  const { state } = bulk;

  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    accept: CSV_ACCEPT,
    multiple: false,
    maxFiles: 1,
    disabled: bulk.busy,
    onDrop: (accepted, rejections) => {
      setFileErrors(rejections.map(({ file: rejected, errors }) => `${rejected.name}: ${errors.map((e) => e.message).join(', ')}`));
      if (accepted[0]) setFile(accepted[0]);
    },
  });

  const start = () => {
    if (!file || bulk.busy) return;
    const known = brandProfiles.some((profile) => profile.id === defaultBrandProfileId);
    void bulk.start({ file, defaultBrandProfileId: known ? defaultBrandProfileId : '', defaultQuality, ...(defaultFormats.length ? { defaultFormats } : {}) });
  };

  const processed = state.done + state.failed;
  const percent = state.total > 0 ? Math.min(100, Math.round((processed / state.total) * 100)) : state.phase === 'completed' ? 100 : 0;
  const results = state.rows.filter((row) => row.status === 'completed' && (row.thumbnailUrl || row.assetUrl));
  const showProgress = state.batchId !== null;

  return (
    <Stack spacing={3}>
      <Card variant="outlined">
        <CardHeader
          title={t('studio.tab.bulk')}
          subheader={t('studio.bulk.subheader')}
          slotProps={{ title: { component: 'h3', variant: 'h6' } }}
        />
        <CardContent>
          <Stack spacing={2.5}>
            <Box
              {...getRootProps()}
              data-testid="bulk-csv-dropzone"
              sx={dropZoneSx({ active: isDragActive, disabled: bulk.busy, padding: 4 })}
            >
              <input {...getInputProps({ 'aria-label': t('studio.bulk.csvFile') })} data-testid="bulk-csv-input" />
              <UploadFileIcon color="action" fontSize="large" />
              <Typography variant="subtitle1">{t('studio.bulk.drop')}</Typography>
              <Typography variant="body2" color="text.secondary">
                {t('studio.bulk.browse')}
              </Typography>
            </Box>
            {fileErrors.length > 0 && (
              <Alert severity="error" data-testid="bulk-file-errors">
                {fileErrors.map((message) => (
                  <div key={message}>{message}</div>
                ))}
              </Alert>
            )}
            {file && (
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} data-testid="bulk-selected-file">
                <DescriptionOutlinedIcon color="action" />
                <Typography sx={{ flex: 1, minWidth: 0 }} noWrap>
                  {file.name} ({formatFileSize(file.size)})
                </Typography>
                <IconButton aria-label={t('studio.bulk.removeFile')} size="small" disabled={bulk.busy} onClick={() => setFile(null)}>
                  <CloseIcon fontSize="small" />
                </IconButton>
              </Stack>
            )}
            <Link href={BULK_TEMPLATE_URL} download sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, alignSelf: 'flex-start' }}>
              <DownloadIcon fontSize="small" /> {t('studio.bulk.template')}
            </Link>

            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <BrandProfileSelect
                label={t('studio.bulk.defaultBrandProfile')}
                value={defaultBrandProfileId}
                onChange={setDefaultBrandProfileId}
                profiles={brandProfiles}
                noneLabel={t('studio.bulk.noDefaultBrandProfile')}
                disabled={bulk.busy}
                fullWidth
              />
              <TextField
                select
                label={t('studio.bulk.defaultQuality')}
                value={defaultQuality}
                onChange={(event) => setDefaultQuality(event.target.value as Quality | '')}
                disabled={bulk.busy}
                fullWidth
                slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
              >
                <MenuItem value="">{t('studio.bulk.useCsvValue')}</MenuItem>
                {QUALITIES.map((quality) => (
                  <MenuItem key={quality} value={quality}>
                    {t(QUALITY_LABELS[quality])}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>

            <AdFormatsChooser value={defaultFormats} onChange={setDefaultFormats} disabled={bulk.busy} />
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: -1 }}>
              {richT('studio.bulk.formatsNote', { column: <code key="column">formats</code> })}
            </Typography>

            {state.uploadErrors.length > 0 && (
              <Alert severity="error" data-testid="bulk-validation-errors">
                <AlertTitle>{t('studio.bulk.csvRefused')}</AlertTitle>
                <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                  {state.uploadErrors.map((message) => (
                    <li key={message}>{message}</li>
                  ))}
                </Box>
              </Alert>
            )}

            <Button
              variant="contained"
              size="large"
              onClick={start}
              disabled={!file || bulk.busy}
              loading={state.phase === 'uploading'}
              sx={{ alignSelf: 'flex-start' }}
            >
              {t('studio.bulk.start')}
            </Button>
          </Stack>
        </CardContent>
      </Card>

      {showProgress && (
        <Card variant="outlined">
          <CardHeader title={t('studio.bulk.progress')} slotProps={{ title: { component: 'h3', variant: 'h6' } }} />
          <CardContent>
            <Stack spacing={2}>
              <LinearProgress variant="determinate" value={percent} aria-label={t('studio.bulk.progressLabel')} color={state.failed ? 'warning' : 'primary'} />
              <Typography data-testid="bulk-progress-counts">
                {t('studio.bulk.counts', { done: formatNumber(state.done), failed: formatNumber(state.failed), total: formatNumber(state.total) })}
              </Typography>
              {state.phase === 'completed' && <Alert severity="success">{t('studio.bulk.complete')}</Alert>}
              {state.streamError && <Alert severity="error">{state.streamError}</Alert>}
              {state.rows.length > 0 && <RowsTable rows={state.rows} />}
            </Stack>
          </CardContent>
        </Card>
      )}

      {results.length > 0 && (
        <Card variant="outlined">
          <CardHeader title={t('studio.bulk.results')} slotProps={{ title: { component: 'h3', variant: 'h6' } }} />
          <CardContent>
            <Box
              role="list"
              aria-label={t('studio.bulk.resultsLabel')}
              sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)', md: 'repeat(4, 1fr)' } }}
            >
              {results.map((row) => (
                <BulkResult key={row.row} row={row} />
              ))}
            </Box>
          </CardContent>
        </Card>
      )}
    </Stack>
  );
}

function RowsTable({ rows }: { rows: BulkRow[] }) {
  const t = useT();
  return (
    // It scrolls on its own (long batches, narrow screens), so it can be reached and scrolled with the keyboard.
    <TableContainer tabIndex={0} role="region" aria-label={t('studio.bulk.rowsRegion')} sx={{ maxHeight: 360 }}>
      <Table size="small" stickyHeader aria-label={t('studio.bulk.rows')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('studio.bulk.row')}</TableCell>
            <TableCell>{t('studio.prompt')}</TableCell>
            <TableCell>{t('studio.bulk.status')}</TableCell>
            <TableCell>{t('studio.bulk.details')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.row} data-testid={`bulk-row-${row.row}`}>
              <TableCell>{row.row}</TableCell>
              <TableCell sx={{ maxWidth: 280, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={row.prompt}>
                {row.prompt ?? ''}
              </TableCell>
              <TableCell>
                <Chip size="small" label={row.status} color={STATUS_COLORS[row.status] ?? 'default'} />
              </TableCell>
              <TableCell sx={{ color: row.error ? 'error.main' : 'text.secondary', minWidth: 160 }}>{rowDetails(row)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** What a row's Details say: why it failed, what it is waiting for, or what was made (size, quality, brand). */
export function rowDetails(row: BulkRow): string {
  if (row.error) return row.error;
  if (row.status === 'queued') return translate('studio.bulk.waiting');
  if (row.status === 'processing') return translate('studio.bulk.generating');
  const size = row.width && row.height ? `${row.width} × ${row.height}` : row.size?.replace('x', ' × ');
  return [size, row.quality, row.brandProfileName].filter(Boolean).join(' · ');
}

function BulkResult({ row }: { row: BulkRow }) {
  const t = useT();
  const src = row.thumbnailUrl ?? row.assetUrl ?? '';
  const ref = parseAssetUrl(src);
  // The tile takes the image's own shape (a 3:2 stays wide), the size it was asked for until the image reports its own.
  const [width, height] = row.width && row.height ? [row.width, row.height] : (row.size?.split('x').map(Number) ?? [1, 1]);
  return (
    <Box role="listitem" data-testid="bulk-result" sx={{ borderRadius: 1, overflow: 'hidden', border: 1, borderColor: 'divider', alignSelf: 'start' }}>
      <Link href={row.assetUrl ?? src} target="_blank" rel="noopener" sx={{ display: 'block', aspectRatio: `${width} / ${height}` }} aria-label={t('studio.bulk.openRow', { row: row.row })}>
        <ImageWithFallback src={src} storageKey={ref?.key ?? null} variant={ref?.variant ?? null} alt={row.prompt ? t('studio.bulk.rowPrompt', { row: row.row, prompt: row.prompt }) : t('studio.bulk.rowResult', { row: row.row })} sx={{ objectFit: 'contain' }} />
      </Link>
      <Typography variant="caption" sx={{ display: 'block', px: 1, pt: 0.5 }} noWrap title={row.prompt}>
        {row.prompt ?? t('studio.bulk.rowName', { row: row.row })}
      </Typography>
      <Typography variant="caption" sx={{ display: 'block', px: 1, pb: 0.5 }} color="text.secondary" noWrap>
        {t('studio.bulk.rowCaption', { row: row.row, details: rowDetails(row) })}
      </Typography>
    </Box>
  );
}
