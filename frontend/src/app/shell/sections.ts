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

/** A part of the app: its menu entry and the header title shown on its pages. */
export interface Section {
  label: string;
  to: string;
  icon: SvgIconComponent;
  title: string;
  subtitle: string;
  /** Paths whose pages belong to the section (the path itself and anything below it). */
  paths: string[];
  /** 'all': both menus; 'desktop': desktop sidebar only; 'admin': desktop sidebar, administrators only. */
  menu: 'all' | 'desktop' | 'admin';
}

export const sections: Section[] = [
  {
    label: 'Dashboard',
    to: '/dashboard',
    icon: DashboardIcon,
    title: 'Dashboard',
    subtitle: 'Welcome back! Your creative operations at a glance.',
    paths: ['/dashboard'],
    menu: 'all',
  },
  {
    label: 'Studio',
    to: '/studio',
    icon: AutoAwesomeIcon,
    title: 'Studio',
    subtitle: 'Generate brand-consistent images with AI',
    paths: ['/studio'],
    menu: 'all',
  },
  {
    label: 'Brand Brain',
    to: '/brand-brain',
    icon: PsychologyIcon,
    title: 'Brand Brain',
    subtitle: 'Manage your brand profiles and guidelines',
    paths: ['/brand-brain', '/brand-profile-details'],
    menu: 'all',
  },
  {
    label: 'Library',
    to: '/library',
    icon: PhotoLibraryIcon,
    title: 'Asset Library',
    subtitle: 'Browse and manage your generated assets',
    paths: ['/library'],
    menu: 'all',
  },
  {
    label: 'Performance',
    to: '/performance',
    icon: InsightsIcon,
    title: 'Performance',
    subtitle: 'How your pushed creatives deliver, and more like the winners',
    paths: ['/performance'],
    menu: 'all',
  },
  {
    label: 'Credits & Billing',
    to: '/billing',
    icon: CreditCardIcon,
    title: 'Credits',
    subtitle: 'Manage your credit balance and transactions',
    paths: ['/billing', '/credits'],
    menu: 'all',
  },
  {
    label: 'Settings',
    to: '/settings',
    icon: SettingsIcon,
    title: 'Settings',
    subtitle: 'Manage your account and preferences',
    paths: ['/settings'],
    menu: 'all',
  },
  {
    label: 'Blog',
    to: '/blog',
    icon: ArticleIcon,
    title: 'Blog',
    subtitle: 'Write and publish blog posts',
    paths: ['/blog'],
    menu: 'desktop',
  },
  {
    label: 'Admin Portal',
    to: '/admin',
    icon: AdminPanelSettingsIcon,
    title: 'Admin Portal',
    subtitle: 'Manage users, organizations, credits and content',
    paths: ['/admin'],
    menu: 'admin',
  },
];

export function findSection(pathname: string): Section | undefined {
  return sections.find((section) =>
    section.paths.some((path) => pathname === path || pathname.startsWith(`${path}/`)),
  );
}
