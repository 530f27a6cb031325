import { Box, Paper, Tab, Tabs, Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useAdNetworkSlots } from '../../../lib/adNetworkSlots';
import { useT } from '../../../lib/i18n/translate';
import { ApiAccessSection } from './ApiAccessSection';
import { BillingTab } from './BillingTab';
import { OrganizationTab } from './OrganizationTab';
import { PreferencesTab } from './PreferencesTab';
import { ProfileTab } from './ProfileTab';
import { TeamTab } from './TeamTab';
import { WebhooksTab } from './WebhooksTab';

const TABS = [
  { key: 'profile', label: 'settings.tab.profile', panel: ProfileTab },
  { key: 'organization', label: 'settings.tab.organization', panel: OrganizationTab },
  { key: 'team', label: 'settings.tab.team', panel: TeamTab },
  { key: 'billing', label: 'settings.tab.billing', panel: BillingTab },
  { key: 'preferences', label: 'settings.tab.preferences', panel: PreferencesTab },
  { key: 'webhooks', label: 'settings.tab.webhooks', panel: WebhooksTab },
] as const;
type TabKey = (typeof TABS)[number]['key'];

function IntegrationsSection({ focus }: { focus: boolean }) {
  const t = useT();
  const heading = useRef<HTMLHeadingElement>(null);
  const { IntegrationCard, PushHistory } = useAdNetworkSlots();
  useEffect(() => {
    if (!focus || !heading.current) return;
    heading.current.scrollIntoView?.({ block: 'start' });
    heading.current.focus({ preventScroll: true });
  }, [focus]);
  return (
    <Box component="section" id="integrations" aria-labelledby="integrations-heading" sx={{ display: 'grid', gap: 2, scrollMarginTop: 80 }}>
      <Typography id="integrations-heading" ref={heading} tabIndex={-1} variant="h5" component="h3" sx={{ outline: 'none' }}>
        {t('settings.integrations')}
      </Typography>
      <Box sx={{ maxWidth: 520 }}>
        <IntegrationCard />
      </Box>
      <Paper variant="outlined" component="section" aria-labelledby="push-history-heading" sx={{ p: 2 }}>
        <Typography id="push-history-heading" variant="h6" component="h4" sx={{ mb: 1 }}>
          {t('settings.pushHistory')}
        </Typography>
        <PushHistory />
      </Paper>
    </Box>
  );
}

/**
 * /settings (tab in ?tab=…) and /settings/integrations (the same page, scrolled to the Meta card).
 * The product's tabs, all wired (docs/decisions.md), then the integrations and the API access card.
 */
export default function SettingsPage({ section }: { section?: 'integrations' }) {
  const [params, setParams] = useSearchParams();
  const t = useT();
  const requested = params.get('tab');
  const current: TabKey = TABS.some((tab) => tab.key === requested) ? (requested as TabKey) : 'profile';
  const Panel = TABS.find((tab) => tab.key === current)!.panel;

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 3, maxWidth: 960 }}>
      <Typography variant="h4" component="h2">
        {t('nav.settings.title')}
      </Typography>
      <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Tabs
          value={current}
          onChange={(_, tab: TabKey) => setParams(tab === 'profile' ? {} : { tab }, { replace: true })}
          aria-label={t('settings.tabs')}
          variant="scrollable"
          allowScrollButtonsMobile
        >
          {TABS.map((tab) => (
            <Tab key={tab.key} value={tab.key} label={t(tab.label)} id={`settings-tab-${tab.key}`} aria-controls={`settings-panel-${tab.key}`} />
          ))}
        </Tabs>
      </Box>
      <Box role="tabpanel" id={`settings-panel-${current}`} aria-labelledby={`settings-tab-${current}`}>
        <Panel />
      </Box>
      <IntegrationsSection focus={section === 'integrations'} />
      <ApiAccessSection />
    </Box>
  );
}
