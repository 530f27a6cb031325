import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import ArticleIcon from '@mui/icons-material/Article';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import DashboardIcon from '@mui/icons-material/Dashboard';
import InsightsIcon from '@mui/icons-material/Insights';
import PhotoLibraryIcon from '@mui/icons-material/PhotoLibrary';
import PsychologyIcon from '@mui/icons-material/Psychology';
import SettingsIcon from '@mui/icons-material/Settings';
import type { SvgIconComponent } from '@mui/icons-material';
import type { MessageKey } from '../../lib/i18n/translate';

/** A part of the app: its menu entry and the header title shown on its pages. */
export interface Section {
  /** Message keys of the menu entry, the header title and the subtitle. */
  label: MessageKey;
  to: string;
  icon: SvgIconComponent;
  title: MessageKey;
  subtitle: MessageKey;
  /** Paths whose pages belong to the section (the path itself and anything below it). */
  paths: string[];
  /** 'all': both menus; 'desktop': desktop sidebar only; 'admin': desktop sidebar, administrators only. */
  menu: 'all' | 'desktop' | 'admin';
}

export const sections: Section[] = [
  {
    label: 'nav.dashboard',
    to: '/dashboard',
    icon: DashboardIcon,
    title: 'nav.dashboard.title',
    subtitle: 'nav.dashboard.subtitle',
    paths: ['/dashboard'],
    menu: 'all',
  },
  {
    label: 'nav.studio',
    to: '/studio',
    icon: AutoAwesomeIcon,
    title: 'nav.studio.title',
    subtitle: 'nav.studio.subtitle',
    paths: ['/studio'],
    menu: 'all',
  },
  {
    label: 'nav.brandBrain',
    to: '/brand-brain',
    icon: PsychologyIcon,
    title: 'nav.brandBrain.title',
    subtitle: 'nav.brandBrain.subtitle',
    paths: ['/brand-brain', '/brand-profile-details'],
    menu: 'all',
  },
  {
    label: 'nav.library',
    to: '/library',
    icon: PhotoLibraryIcon,
    title: 'nav.library.title',
    subtitle: 'nav.library.subtitle',
    paths: ['/library'],
    menu: 'all',
  },
  {
    label: 'nav.performance',
    to: '/performance',
    icon: InsightsIcon,
    title: 'nav.performance.title',
    subtitle: 'nav.performance.subtitle',
    paths: ['/performance'],
    menu: 'all',
  },
  {
    label: 'nav.billing',
    to: '/billing',
    icon: CreditCardIcon,
    title: 'nav.billing.title',
    subtitle: 'nav.billing.subtitle',
    paths: ['/billing', '/credits'],
    menu: 'all',
  },
  {
    label: 'nav.settings',
    to: '/settings',
    icon: SettingsIcon,
    title: 'nav.settings.title',
    subtitle: 'nav.settings.subtitle',
    paths: ['/settings'],
    menu: 'all',
  },
  {
    label: 'nav.blog',
    to: '/blog',
    icon: ArticleIcon,
    title: 'nav.blog.title',
    subtitle: 'nav.blog.subtitle',
    paths: ['/blog'],
    menu: 'desktop',
  },
  {
    label: 'nav.admin',
    to: '/admin',
    icon: AdminPanelSettingsIcon,
    title: 'nav.admin.title',
    subtitle: 'nav.admin.subtitle',
    paths: ['/admin'],
    menu: 'admin',
  },
];

export function findSection(pathname: string): Section | undefined {
  return sections.find((section) =>
    section.paths.some((path) => pathname === path || pathname.startsWith(`${path}/`)),
  );
}
