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

/** Browsers label CSV files text/csv, or application/vnd.ms-excel on Windows; the extension decides otherwise. */
const CSV_ACCEPT = { 'text/csv': ['.csv'], 'application/vnd.ms-excel': ['.csv'] };

const STATUS_COLORS: Record<string, ChipProps['color']> = {
  queued: 'default',
  processing: 'info',
  completed: 'success',
  failed: 'error',
};
const QUALITY_LABELS: Record<Quality, string> = { low: 'Low', medium: 'Medium', high: 'High' };

function formatBytes(bytes: number): string {
  return bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

interface BulkGenerationPanelProps {
  brandProfiles: BrandProfileOption[];
  initialBrandProfileId: string;
}

/** "Bulk Generation": CSV upload, defaults, progress per row, results grid. */
export function BulkGenerationPanel({ brandProfiles, initialBrandProfileId }: BulkGenerationPanelProps) {
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
          title="Bulk Generation"
          subheader="Upload a CSV to generate many images at once. It needs a 'prompt' column and may have 'brand_profile', 'quality', 'size' (e.g. 1024x1024, or an ad placement such as 9:16 to draw it in that shape) and 'formats' (e.g. 1:1;9:16) columns."
          slotProps={{ title: { component: 'h3', variant: 'h6' } }}
        />
        <CardContent>
          <Stack spacing={2.5}>
            <Box
              {...getRootProps()}
              data-testid="bulk-csv-dropzone"
              sx={dropZoneSx({ active: isDragActive, disabled: bulk.busy, padding: 4 })}
            >
              <input {...getInputProps({ 'aria-label': 'CSV file' })} data-testid="bulk-csv-input" />
              <UploadFileIcon color="action" fontSize="large" />
              <Typography variant="subtitle1">Drag and drop your CSV file</Typography>
              <Typography variant="body2" color="text.secondary">
                or click to browse
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
                  {file.name} ({formatBytes(file.size)})
                </Typography>
                <IconButton aria-label="Remove CSV file" size="small" disabled={bulk.busy} onClick={() => setFile(null)}>
                  <CloseIcon fontSize="small" />
                </IconButton>
              </Stack>
            )}
            <Link href={BULK_TEMPLATE_URL} download sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, alignSelf: 'flex-start' }}>
              <DownloadIcon fontSize="small" /> Download CSV template
            </Link>

            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <BrandProfileSelect
                label="Default Brand Profile"
                value={defaultBrandProfileId}
                onChange={setDefaultBrandProfileId}
                profiles={brandProfiles}
                noneLabel="None (use the CSV's brand profile)"
                disabled={bulk.busy}
                fullWidth
              />
              <TextField
                select
                label="Default Quality"
                value={defaultQuality}
                onChange={(event) => setDefaultQuality(event.target.value as Quality | '')}
                disabled={bulk.busy}
                fullWidth
                slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
              >
                <MenuItem value="">Use CSV value</MenuItem>
                {QUALITIES.map((quality) => (
                  <MenuItem key={quality} value={quality}>
                    {QUALITY_LABELS[quality]}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>

            <AdFormatsChooser value={defaultFormats} onChange={setDefaultFormats} disabled={bulk.busy} />
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: -1 }}>
              A <code>formats</code> column (e.g. 1:1;9:16) chooses per row; rows without one get the formats ticked here. Every format lands in the batch folder.
            </Typography>

            {state.uploadErrors.length > 0 && (
              <Alert severity="error" data-testid="bulk-validation-errors">
                <AlertTitle>The CSV could not be used</AlertTitle>
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
              Start Bulk Generation
            </Button>
          </Stack>
        </CardContent>
      </Card>

      {showProgress && (
        <Card variant="outlined">
          <CardHeader title="Progress" slotProps={{ title: { component: 'h3', variant: 'h6' } }} />
          <CardContent>
            <Stack spacing={2}>
              <LinearProgress variant="determinate" value={percent} aria-label="Bulk generation progress" color={state.failed ? 'warning' : 'primary'} />
              <Typography data-testid="bulk-progress-counts">
                {state.done} done · {state.failed} failed · {state.total} total
              </Typography>
              {state.phase === 'completed' && <Alert severity="success">Bulk generation complete. The images are in your library.</Alert>}
              {state.streamError && <Alert severity="error">{state.streamError}</Alert>}
              {state.rows.length > 0 && <RowsTable rows={state.rows} />}
            </Stack>
          </CardContent>
        </Card>
      )}

      {results.length > 0 && (
        <Card variant="outlined">
          <CardHeader title="Results" slotProps={{ title: { component: 'h3', variant: 'h6' } }} />
          <CardContent>
            <Box
              role="list"
              aria-label="Bulk results"
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
  return (
    // It scrolls on its own (long batches, narrow screens), so it can be reached and scrolled with the keyboard.
    <TableContainer tabIndex={0} role="region" aria-label="Rows of the batch" sx={{ maxHeight: 360 }}>
      <Table size="small" stickyHeader aria-label="Rows">
        <TableHead>
          <TableRow>
            <TableCell>Row</TableCell>
            <TableCell>Prompt</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Details</TableCell>
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
  if (row.status === 'queued') return 'Waiting to start';
  if (row.status === 'processing') return 'Generating…';
  const size = row.width && row.height ? `${row.width} × ${row.height}` : row.size?.replace('x', ' × ');
  return [size, row.quality, row.brandProfileName].filter(Boolean).join(' · ');
}

function BulkResult({ row }: { row: BulkRow }) {
  const src = row.thumbnailUrl ?? row.assetUrl ?? '';
  const ref = parseAssetUrl(src);
  // The tile takes the image's own shape (a 3:2 stays wide), the size it was asked for until the image reports its own.
  const [width, height] = row.width && row.height ? [row.width, row.height] : (row.size?.split('x').map(Number) ?? [1, 1]);
  return (
    <Box role="listitem" data-testid="bulk-result" sx={{ borderRadius: 1, overflow: 'hidden', border: 1, borderColor: 'divider', alignSelf: 'start' }}>
      <Link href={row.assetUrl ?? src} target="_blank" rel="noopener" sx={{ display: 'block', aspectRatio: `${width} / ${height}` }} aria-label={`Open row ${row.row} image`}>
        <ImageWithFallback src={src} storageKey={ref?.key ?? null} variant={ref?.variant ?? null} alt={row.prompt ? `Row ${row.row}: ${row.prompt}` : `Row ${row.row} result`} sx={{ objectFit: 'contain' }} />
      </Link>
      <Typography variant="caption" sx={{ display: 'block', px: 1, pt: 0.5 }} noWrap title={row.prompt}>
        {row.prompt ?? `Row ${row.row}`}
      </Typography>
      <Typography variant="caption" sx={{ display: 'block', px: 1, pb: 0.5 }} color="text.secondary" noWrap>
        Row {row.row} · {rowDetails(row)}
      </Typography>
    </Box>
  );
}
