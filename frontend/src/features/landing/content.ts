/** The landing page's copy. Every claim is one the product keeps. */

export const LANDING_TITLE = 'Brandloom: on-brand AI marketing images for your whole team';
export const LANDING_DESCRIPTION =
  'Generate on-brand marketing images with AI in seconds. Brand Brain keeps every image in your colours and style; credits never expire and every plan includes unlimited users.';

export const HERO = {
  eyebrow: 'Limited beta: no credit card required',
  title: 'On-brand marketing images, generated in seconds',
  promise:
    'Brandloom learns your brand from a few images, then turns a prompt into ready-to-post visuals in your colours, type and style. 100+ variations per batch, 20+ free assets to start.',
  primary: 'Start free',
  secondary: 'See the gallery',
  heroAlt: 'A fan of on-brand marketing images made with Brandloom: a serum bottle, a SaaS dashboard, a sneaker, a sale badge and a coffee scene',
};

export interface Benefit {
  title: string;
  text: string;
}

export const BENEFITS: readonly Benefit[] = [
  { title: 'Set up in 60 seconds', text: 'Upload three to five brand images and Brand Brain extracts your colours, typography and visual style.' },
  { title: 'Credits never expire', text: 'Buy once, use whenever: unused credits stay in your balance month after month.' },
  { title: 'Unlimited users on every plan', text: 'Invite the whole marketing team and your agency at no extra cost per seat.' },
  { title: '100+ variations per batch', text: 'Upload a CSV of prompts and get a whole campaign’s worth of variations in one run.' },
];

export interface Feature {
  title: string;
  text: string;
}

export const FEATURES: readonly Feature[] = [
  { title: 'Brand Brain', text: 'A brand profile with your palette, fonts, tone and image style keeps every generation consistent.' },
  { title: 'AI Studio', text: 'Write a prompt, add reference images, pick quality, size and variations, and watch progress live.' },
  { title: 'Asset library', text: 'Every image is kept with folders, search and sorting, ready to download in the format you need.' },
  { title: 'Bulk generation', text: 'Run hundreds of prompts from a spreadsheet for seasonal campaigns and A/B tests.' },
  { title: 'Ad platform integration', text: 'On Team+, push an asset into an existing Meta campaign as a paused ad in two clicks.' },
  { title: 'Flexible credits', text: 'Monthly or annual plans plus one-time credit packs: pay for what you generate.' },
];

export interface Step {
  title: string;
  text: string;
}

export const STEPS: readonly Step[] = [
  { title: 'Teach Brand Brain your brand', text: 'Upload a few on-brand images or enter your colours by hand. Setup takes about a minute.' },
  { title: 'Describe what you need', text: 'Write a prompt such as “summer sale banner with our serum” and choose quality, size and variations.' },
  { title: 'Publish everywhere', text: 'Download from the library or push straight to your ad campaign, on brand every time.' },
];

/** A testimonial. */
export interface Testimonial {
  quote: string;
  author: string;
  role: string;
  company: string;
  avatarInitials: string;
}

export const TESTIMONIALS: readonly Testimonial[] = [
  {
    quote: 'We used to wait a week for campaign visuals. Now our team ships on-brand variations the same afternoon.',
    author: 'Maya Chen',
    role: 'Head of Growth',
    company: 'Lumen Skincare',
    avatarInitials: 'MC',
  },
  {
    quote: 'Brand Brain nailed our palette from four images. Our clients can’t tell which assets came from the studio.',
    author: 'Daniel Ortiz',
    role: 'Creative Director',
    company: 'Northwind Agency',
    avatarInitials: 'DO',
  },
  {
    quote: 'Unlimited seats means everyone from sales to support makes their own visuals without breaking the brand.',
    author: 'Priya Nair',
    role: 'Marketing Manager',
    company: 'Fieldcraft SaaS',
    avatarInitials: 'PN',
  },
];

export const FINAL_CTA = {
  title: 'Join the beta and make your first on-brand images today',
  text: 'No credit card required. Start with free credits and keep every asset you create.',
  button: 'Create your free account',
};

/** The footer's external social link. */
export const SOCIAL_LINK = { label: 'Brandloom on LinkedIn', href: 'https://www.linkedin.com/company/brandloom' };
