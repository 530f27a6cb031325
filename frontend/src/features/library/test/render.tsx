import { renderScreen } from '../../../test/utils';
import LibraryPage from '../components/LibraryPage';

/**
 * The library page with the app's providers (query client, theme, toasts), imported up front
 * rather than through the lazy route; the pages it links to show where it went.
 */
export function renderLibrary(initialEntry = '/library') {
  return renderScreen(<LibraryPage />, { path: initialEntry, route: '/library' });
}
