import { Studio } from './StudioPage';

/** /studio/bulk: the studio with its Bulk Generation tab open. */
export default function BulkGenerationPage() {
  return <Studio initialTab="bulk" />;
}
