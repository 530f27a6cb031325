import { termsOfService } from '../documents';
import { supportEmail } from '../supportEmail';
import { LegalDocumentView } from './LegalDocumentView';

export default function TermsPage() {
  return <LegalDocumentView document={termsOfService(supportEmail())} />;
}
