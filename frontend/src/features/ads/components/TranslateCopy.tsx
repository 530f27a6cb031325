import { AD_COPY_LIMITS, adCopyProblem, type AdCopyTranslation, type AdCtaType, type AdFormatId, type Language, type LogoVariant } from '@brandloom/contracts';
import { Alert, Box, Button, Checkbox, FormControlLabel, FormGroup, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { ApiError, getErrorMessage } from '../../../lib/api';
import { useCreateAds, useTranslateCopy } from '../api/ads';

export const TRANSLATE_MESSAGES = {
  unavailable: 'Translations need an OpenAI API key on the server (OPENAI_API_KEY). Translate the copy yourself, or ask an administrator to add the key.',
  failed: 'No translations this time. Please try again.',
  headlineFirst: 'Write the headline first: it is what gets translated',
  chooseLanguage: 'Choose at least one language',
  saveFailed: 'The translated ads could not be saved. Please try again.',
} as const;

/** The languages copy is translated into (the product's own besides American English, the copy's usual language). */
export const TRANSLATION_LANGUAGES: Array<{ id: Language; name: string }> = [
  { id: 'es', name: 'Spanish' },
  { id: 'fr', name: 'French' },
  { id: 'de', name: 'German' },
];
const languageName = (id: Language) => TRANSLATION_LANGUAGES.find((language) => language.id === id)?.name ?? id;

export interface TranslateSource {
  assetId: string;
  brandProfileId: string | null;
  placements: AdFormatId[];
  layout: string;
  headline: string;
  body: string;
  cta: AdCtaType | null;
  logo: LogoVariant | null;
}

/**
 * 'Translate': the composer's copy in the chosen languages, proposed by the server (which says
 * whether each fits the layout on the picture), each editable before it is saved as its own ads,
 * one request per language for the chosen placements.
 */
export function TranslateCopy({ source, onSaved }: { source: TranslateSource; onSaved: (adIds: string[]) => void }) {
  const [open, setOpen] = useState(false);
  const [languages, setLanguages] = useState<Language[]>(TRANSLATION_LANGUAGES.map((language) => language.id));
  const [proposals, setProposals] = useState<AdCopyTranslation[]>([]);
  const [note, setNote] = useState<string | null>(null);
  const translate = useTranslateCopy();
  const create = useCreateAds();

  const toggle = (id: Language) => setLanguages((current) => (current.includes(id) ? current.filter((language) => language !== id) : TRANSLATION_LANGUAGES.map((language) => language.id).filter((language) => language === id || current.includes(language))));
  const edit = (language: Language, field: 'headline' | 'body', value: string) =>
    setProposals((current) => current.map((proposal) => (proposal.language === language ? { ...proposal, [field]: value, fits: true, field: undefined, message: undefined } : proposal)));

  const ask = async () => {
    setNote(null);
    if (adCopyProblem('headline', source.headline)) return setNote(TRANSLATE_MESSAGES.headlineFirst);
    if (languages.length === 0) return setNote(TRANSLATE_MESSAGES.chooseLanguage);
    try {
      const answer = await translate.mutateAsync({
        assetId: source.assetId,
        brandProfileId: source.brandProfileId,
        placement: source.placements[0] ?? '1:1',
        layout: source.layout,
        headline: source.headline,
        body: source.body,
        cta: source.cta,
        languages,
      });
      setProposals(answer.translations);
    } catch (failure) {
      setNote(failure instanceof ApiError && failure.status === 503 ? TRANSLATE_MESSAGES.unavailable : getErrorMessage(failure, TRANSLATE_MESSAGES.failed));
    }
  };

  const problems = proposals.map((proposal) => adCopyProblem('headline', proposal.headline) ?? adCopyProblem('body', proposal.body));
  const save = async () => {
    setNote(null);
    if (problems.some(Boolean) || source.placements.length === 0) return;
    const ids: string[] = [];
    try {
      for (const proposal of proposals) {
        const answer = await create.mutateAsync({ ...source, headline: proposal.headline, body: proposal.body, language: proposal.language });
        ids.push(...answer.ads.map((ad) => ad.id));
      }
      onSaved(ids);
    } catch (failure) {
      setNote(getErrorMessage(failure, TRANSLATE_MESSAGES.saveFailed));
      if (ids.length > 0) onSaved(ids);
    }
  };

  if (!open)
    return (
      <Box>
        <Button variant="outlined" onClick={() => setOpen(true)}>
          Translate
        </Button>
      </Box>
    );

  return (
    <Box component="section" aria-label="Translations">
      <Typography variant="subtitle2">Translate the copy</Typography>
      <FormGroup row>
        {TRANSLATION_LANGUAGES.map((language) => (
          <FormControlLabel key={language.id} control={<Checkbox checked={languages.includes(language.id)} onChange={() => toggle(language.id)} />} label={language.name} />
        ))}
      </FormGroup>
      <Button variant="outlined" onClick={() => void ask()} disabled={translate.isPending}>
        {translate.isPending ? 'Translating…' : 'Get translations'}
      </Button>
      {note && (
        <Alert severity="info" sx={{ mt: 1 }}>
          {note}
        </Alert>
      )}
      {proposals.length > 0 && (
        <Stack spacing={2} sx={{ mt: 2 }}>
          {proposals.map((proposal, index) => (
            <Stack key={proposal.language} spacing={1} role="group" aria-label={`${languageName(proposal.language)} copy`}>
              <TextField
                label={`${languageName(proposal.language)} headline`}
                size="small"
                value={proposal.headline}
                onChange={(event) => edit(proposal.language, 'headline', event.target.value)}
                error={!!adCopyProblem('headline', proposal.headline)}
                helperText={adCopyProblem('headline', proposal.headline) ?? `${proposal.headline.trim().length}/${AD_COPY_LIMITS.headline}`}
              />
              <TextField
                label={`${languageName(proposal.language)} body`}
                size="small"
                multiline
                value={proposal.body}
                onChange={(event) => edit(proposal.language, 'body', event.target.value)}
                error={!!adCopyProblem('body', proposal.body)}
                helperText={adCopyProblem('body', proposal.body) ?? `${proposal.body.trim().length}/${AD_COPY_LIMITS.body}`}
              />
              {!proposal.fits && proposal.message && !problems[index] && (
                <Alert severity="warning" sx={{ py: 0 }}>
                  {`${languageName(proposal.language)}: ${proposal.message}`}
                </Alert>
              )}
            </Stack>
          ))}
          <Box>
            <Button variant="contained" onClick={() => void save()} disabled={create.isPending || problems.some(Boolean) || source.placements.length === 0}>
              {create.isPending ? 'Saving…' : `Save ${proposals.length} ${proposals.length === 1 ? 'translation' : 'translations'}`}
            </Button>
          </Box>
        </Stack>
      )}
    </Box>
  );
}
