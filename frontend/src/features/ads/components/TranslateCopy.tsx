import { AD_COPY_LIMITS, type AdCopyTranslation, type Language } from '@brandloom/contracts';
import { Alert, Box, Button, Checkbox, FormControlLabel, FormGroup, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { ApiError, getErrorMessage } from '../../../lib/api';
import { translatedMessages, useT } from '../../../lib/i18n/translate';
import { useCreateAds, useTranslateCopy, type AdRequest } from '../api/ads';
import { adCopyProblemText, adFitProblemText, adSaveErrorText } from '../engine/adNotes';

export const TRANSLATE_MESSAGES = translatedMessages({
  unavailable: 'ads.translate.unavailable',
  failed: 'ads.translate.failed',
  headlineFirst: 'ads.translate.headlineFirst',
  chooseLanguage: 'ads.translate.chooseLanguage',
  saveFailed: 'ads.translate.saveFailed',
});

/** The languages copy is translated into (the product's own besides American English, the copy's usual language), named in the active language. */
const LANGUAGE_NAMES = translatedMessages<'es' | 'fr' | 'de'>({ es: 'ads.translate.language.es', fr: 'ads.translate.language.fr', de: 'ads.translate.language.de' });
export const TRANSLATION_LANGUAGES: Language[] = ['es', 'fr', 'de'];
const languageName = (id: Language) => (id === 'es' || id === 'fr' || id === 'de' ? LANGUAGE_NAMES[id] : id);

/** The composer's ads as they stand: each translation is saved as the same ads in its own language. */
export type TranslateSource = Omit<AdRequest, 'language'>;

/**
 * 'Translate': the composer's copy in the chosen languages, proposed by the server (which says
 * whether each fits the layout on the picture), each editable before it is saved as its own ads,
 * one request per language for the chosen placements.
 */
export function TranslateCopy({ source, onSaved }: { source: TranslateSource; onSaved: (adIds: string[]) => void }) {
  const [open, setOpen] = useState(false);
  const [languages, setLanguages] = useState<Language[]>(TRANSLATION_LANGUAGES);
  const t = useT();
  const [proposals, setProposals] = useState<AdCopyTranslation[]>([]);
  const [note, setNote] = useState<string | null>(null);
  const translate = useTranslateCopy();
  const create = useCreateAds();

  const toggle = (id: Language) => setLanguages((current) => (current.includes(id) ? current.filter((language) => language !== id) : TRANSLATION_LANGUAGES.filter((language) => language === id || current.includes(language))));
  const edit = (language: Language, field: 'headline' | 'body', value: string) =>
    setProposals((current) => current.map((proposal) => (proposal.language === language ? { ...proposal, [field]: value, fits: true, field: undefined, message: undefined } : proposal)));

  const ask = async () => {
    setNote(null);
    if (adCopyProblemText('headline', source.headline)) return setNote(TRANSLATE_MESSAGES.headlineFirst);
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

  const problems = proposals.map((proposal) => adCopyProblemText('headline', proposal.headline) ?? adCopyProblemText('body', proposal.body));
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
      setNote(adSaveErrorText(failure, TRANSLATE_MESSAGES.saveFailed));
      if (ids.length > 0) onSaved(ids);
    }
  };

  if (!open)
    return (
      <Box>
        <Button variant="outlined" onClick={() => setOpen(true)}>
          {t('ads.translate.open')}
        </Button>
      </Box>
    );

  return (
    <Box component="section" aria-label={t('ads.translate.section')}>
      <Typography variant="subtitle2">{t('ads.translate.title')}</Typography>
      <FormGroup row>
        {TRANSLATION_LANGUAGES.map((language) => (
          <FormControlLabel key={language} control={<Checkbox checked={languages.includes(language)} onChange={() => toggle(language)} />} label={languageName(language)} />
        ))}
      </FormGroup>
      <Button variant="outlined" onClick={() => void ask()} disabled={translate.isPending}>
        {translate.isPending ? t('ads.translate.translating') : t('ads.translate.get')}
      </Button>
      {note && (
        <Alert severity="info" sx={{ mt: 1 }}>
          {note}
        </Alert>
      )}
      {proposals.length > 0 && (
        <Stack spacing={2} sx={{ mt: 2 }}>
          {proposals.map((proposal, index) => (
            <Stack key={proposal.language} spacing={1} role="group" aria-label={t('ads.translate.copyOf', { language: languageName(proposal.language) })}>
              <TextField
                label={t('ads.translate.headlineOf', { language: languageName(proposal.language) })}
                size="small"
                value={proposal.headline}
                onChange={(event) => edit(proposal.language, 'headline', event.target.value)}
                error={!!adCopyProblemText('headline', proposal.headline)}
                helperText={adCopyProblemText('headline', proposal.headline) ?? `${proposal.headline.trim().length}/${AD_COPY_LIMITS.headline}`}
              />
              <TextField
                label={t('ads.translate.bodyOf', { language: languageName(proposal.language) })}
                size="small"
                multiline
                value={proposal.body}
                onChange={(event) => edit(proposal.language, 'body', event.target.value)}
                error={!!adCopyProblemText('body', proposal.body)}
                helperText={adCopyProblemText('body', proposal.body) ?? `${proposal.body.trim().length}/${AD_COPY_LIMITS.body}`}
              />
              {!proposal.fits && proposal.message && !problems[index] && (
                <Alert severity="warning" sx={{ py: 0 }}>
                  {`${languageName(proposal.language)}: ${adFitProblemText(proposal)}`}
                </Alert>
              )}
            </Stack>
          ))}
          <Box>
            <Button variant="contained" onClick={() => void save()} disabled={create.isPending || problems.some(Boolean) || source.placements.length === 0}>
              {create.isPending ? t('ads.translate.saving') : t('ads.translate.save', { count: proposals.length })}
            </Button>
          </Box>
        </Stack>
      )}
    </Box>
  );
}
