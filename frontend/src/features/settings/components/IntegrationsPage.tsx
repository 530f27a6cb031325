import SettingsPage from './SettingsPage';

/** /settings/integrations: Settings opened on the integrations (the Meta card). */
export default function IntegrationsPage() {
  return <SettingsPage section="integrations" />;
}
