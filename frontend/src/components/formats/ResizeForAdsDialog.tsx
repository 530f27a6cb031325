import {
  AD_FORMATS,
  FORMAT_METHOD_LABELS,
  FORMAT_METHODS,
  QUALITIES,
  formatsCost,
  type AdFormatId,
  type FormatFill,
  type FormatMethod,
  type Quality,
} from '@brandloom/contracts';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  LinearProgress,
  Radio,
  RadioGroup,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useId, useState } from 'react';
import { getErrorMessage } from '../../lib/api';
import { useCreditBalance } from '../../lib/creditBalance';
import { useFormatJobs } from '../../lib/formats';
import { toast } from '../../lib/toast';
import { AdFormatCheckboxes } from './AdFormatCheckboxes';

export interface ResizableAsset {
  id: string;
  name: string;
  brand_profile_id: string | null;
}

interface ResizeForAdsDialogProps {
  asset: ResizableAsset | null;
  onClose: () => void;
  /** Formats to tick when the dialog opens (default: all four). */
  initialFormats?: AdFormatId[];
}

const METHOD_HELP: Record<FormatMethod, string> = {
  crop: 'Free. Crops around the subject; extends instead when a crop would cut more than 30% of the image.',
  extend: 'Free. Keeps the whole image and fills the margins.',
  ai_extend: 'Paints the margins with AI at each placement’s own size, keeping every original pixel. Charged like a generation of that size.',
};
const QUALITY_LABELS: Record<Quality, string> = { low: 'Low', medium: 'Medium', high: 'High' };

/** 'Resize for ads': choose formats and method, see the cost, confirm, then watch each format's progress. */
export function ResizeForAdsDialog({ asset, onClose, initialFormats }: ResizeForAdsDialogProps) {
  return (
    <Dialog open={!!asset} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="resize-for-ads-title">
      {asset && <ResizeForm key={asset.id} asset={asset} onClose={onClose} initialFormats={initialFormats} />}
    </Dialog>
  );
}

function ResizeForm({ asset, onClose, initialFormats }: { asset: ResizableAsset; onClose: () => void; initialFormats?: AdFormatId[] }) {
  const hasBrand = !!asset.brand_profile_id;
  const [formats, setFormats] = useState<AdFormatId[]>(initialFormats ?? AD_FORMATS.map((f) => f.id));
  const [method, setMethod] = useState<FormatMethod>('crop');
  const [fill, setFill] = useState<FormatFill>(hasBrand ? 'brand' : 'blur');
  const [quality, setQuality] = useState<Quality>('medium');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const balance = useCreditBalance();
  const tracker = useFormatJobs();
  const ids = { formats: useId(), method: useId(), fill: useId() };

  const cost = formatsCost(method, quality, formats);
  const credits = balance.data?.credits;
  const short = cost > 0 && credits !== undefined && credits < cost;
  const started = tracker.jobs.length > 0;

  useEffect(() => {
    if (!tracker.finished) return;
    const failed = tracker.jobs.filter((job) => job.status === 'failed').length;
    if (failed === 0) toast({ title: 'Ad formats ready', description: `${tracker.jobs.length} format${tracker.jobs.length === 1 ? '' : 's'} added to your library.` });
    else toast({ title: 'Some formats failed', description: `${failed} of ${tracker.jobs.length} could not be made.`, variant: 'destructive' });
    // Only when the run ends (the jobs' list is read as it is then).
  }, [tracker.finished]);

  const submit = async () => {
    setError(null);
    setSubmitting(true);
    try {
      await tracker.start(asset.id, { formats, method, ...(method === 'crop' ? {} : { fill }), ...(method === 'ai_extend' ? { quality } : {}) });
    } catch (failure) {
      setError(getErrorMessage(failure, 'The formats could not be started. Please try again.'));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <>
      <DialogTitle id="resize-for-ads-title">Resize for ads</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
          {asset.name}
        </Typography>
        {!started ? (
          <Box sx={{ display: 'grid', gap: 2.5 }}>
            <FormControl component="fieldset" variant="standard">
              <FormLabel component="legend" id={ids.formats}>
                Formats
              </FormLabel>
              <AdFormatCheckboxes
                value={formats}
                onChange={setFormats}
                label={(format) => `${format.name} ${format.id} · ${format.width}×${format.height} · ${format.placements}`}
                labelledBy={ids.formats}
              />
            </FormControl>
            <FormControl component="fieldset" variant="standard">
              <FormLabel component="legend" id={ids.method}>
                Method
              </FormLabel>
              <RadioGroup aria-labelledby={ids.method} value={method} onChange={(event) => setMethod(event.target.value as FormatMethod)}>
                {FORMAT_METHODS.map((value) => (
                  <FormControlLabel
                    key={value}
                    value={value}
                    control={<Radio />}
                    label={
                      <Box>
                        <Typography variant="body2">{FORMAT_METHOD_LABELS[value]}</Typography>
                        <Typography variant="caption" color="text.secondary">
                          {METHOD_HELP[value]}
                        </Typography>
                      </Box>
                    }
                    sx={{ alignItems: 'flex-start', mb: 0.5, '& .MuiRadio-root': { pt: 0.5 } }}
                  />
                ))}
              </RadioGroup>
            </FormControl>
            {method !== 'crop' && (
              <FormControl component="fieldset" variant="standard">
                <FormLabel component="legend" id={ids.fill}>
                  {method === 'ai_extend' ? 'Fill while painting' : 'Margins'}
                </FormLabel>
                <RadioGroup row aria-labelledby={ids.fill} value={fill} onChange={(event) => setFill(event.target.value as FormatFill)}>
                  <FormControlLabel value="brand" control={<Radio />} label="Brand colour" disabled={!hasBrand} />
                  <FormControlLabel value="blur" control={<Radio />} label="Blurred image" />
                </RadioGroup>
              </FormControl>
            )}
            {method === 'ai_extend' && (
              <TextField
                select
                label="Quality"
                size="small"
                value={quality}
                onChange={(event) => setQuality(event.target.value as Quality)}
                slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                sx={{ maxWidth: 200 }}
              >
                {QUALITIES.map((value) => (
                  <option key={value} value={value}>
                    {QUALITY_LABELS[value]}
                  </option>
                ))}
              </TextField>
            )}
            <Typography variant="body1" data-testid="resize-cost" sx={{ fontWeight: 600 }}>
              {cost === 0 ? 'Cost: Free' : `Cost: ${cost} credit${cost === 1 ? '' : 's'}`}
              {cost > 0 && credits !== undefined && (
                <Typography component="span" variant="body2" color="text.secondary">
                  {' '}
                  (you have {credits})
                </Typography>
              )}
            </Typography>
            {short && <Alert severity="warning">{`Not enough credits. You need ${cost} credits, but you only have ${credits}.`}</Alert>}
            {error && <Alert severity="error">{error}</Alert>}
          </Box>
        ) : (
          <Box sx={{ display: 'grid', gap: 2 }} aria-live="polite">
            {tracker.jobs.map((job) => {
              const format = AD_FORMATS.find((f) => f.id === job.format)!;
              return (
                <Box key={job.id}>
                  <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
                    <Typography variant="body2">{`${format.name} ${format.id}`}</Typography>
                    <Typography variant="body2" color={job.status === 'failed' ? 'error' : 'text.secondary'}>
                      {job.status === 'completed' ? 'Ready' : job.status === 'failed' ? (job.message ?? 'Failed') : `${job.progress}%`}
                    </Typography>
                  </Box>
                  <LinearProgress
                    variant="determinate"
                    value={job.status === 'failed' ? 100 : job.progress}
                    color={job.status === 'failed' ? 'error' : job.status === 'completed' ? 'success' : 'primary'}
                    aria-label={`${format.name} ${format.id} progress`}
                  />
                </Box>
              );
            })}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        {!started ? (
          <>
            <Button onClick={onClose}>Cancel</Button>
            <Button variant="contained" onClick={() => void submit()} disabled={formats.length === 0 || submitting || short}>
              {submitting ? 'Starting...' : cost === 0 ? 'Resize' : `Resize for ${cost} credit${cost === 1 ? '' : 's'}`}
            </Button>
          </>
        ) : (
          <Button variant="contained" onClick={onClose}>
            {tracker.running ? 'Continue in background' : 'Done'}
          </Button>
        )}
      </DialogActions>
    </>
  );
}
