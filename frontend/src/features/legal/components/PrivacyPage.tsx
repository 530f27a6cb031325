import { LegalDocumentView } from './LegalDocumentView';

export default function PrivacyPage() {
  return <LegalDocumentView document={(texts, email) => texts.privacy(email)} />;
}
