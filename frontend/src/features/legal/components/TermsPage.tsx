import { LegalDocumentView } from './LegalDocumentView';

export default function TermsPage() {
  return <LegalDocumentView document={(texts, email) => texts.terms(email)} />;
}
