import { privacyPolicy } from '../documents';
import { supportEmail } from '../supportEmail';
import { LegalDocumentView } from './LegalDocumentView';

export default function PrivacyPage() {
  return <LegalDocumentView document={privacyPolicy(supportEmail())} />;
}
