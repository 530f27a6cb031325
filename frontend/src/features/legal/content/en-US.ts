import type { LegalDocument, LegalTexts, MetaDeletionTexts } from '../texts';

// The legal pages in English (en-US), the version that prevails. It says what the product really does.

function terms(supportEmail: string): LegalDocument {
  return {
    title: 'Terms of Service',
    headKey: 'public.head.terms',
    intro:
      'These terms are an agreement between you (and the organization you use Brandloom for) and Brandloom. By creating an account or using the service you accept them. Please read them together with our Privacy Policy.',
    sections: [
      {
        id: 'eligibility',
        title: 'Eligibility and US-only use',
        blocks: [
          'Brandloom is offered for use in the United States only. You may not use the service from outside the United States or on behalf of anyone located outside it.',
          'You must be at least 13 years old to use Brandloom. If you are under the age of majority where you live, a parent or legal guardian must agree to these terms for you. If you use Brandloom for a company, you confirm that you may bind that company to these terms.',
        ],
      },
      {
        id: 'accounts',
        title: 'Accounts and organizations',
        blocks: [
          'You sign up with an email address and password or with Google. Keep your password secret: you are responsible for what happens under your account.',
          'Every user belongs to an organization. The organization holds the credit balance, the plan and the brand profiles, and its owners and admins manage its members. Every plan includes unlimited users.',
        ],
      },
      {
        id: 'credits-and-plans',
        title: 'Credits, plans and payments',
        blocks: [
          'Generating an image costs credits: 1 for low quality, 2 for medium and 4 for high, per image. Credits never expire while the organization exists.',
          'Monthly and annual plans add credits at each paid period; one-time credit bundles add credits once. Limited-time bundles are offered only while they are shown. Prices are in US dollars and exclude taxes where taxes apply.',
          'Payments are processed by Stripe on its hosted pages; Brandloom never sees or stores your full card number. Subscriptions renew automatically until cancelled from the billing page or the customer portal.',
        ],
      },
      {
        id: 'cancellation-and-refunds',
        title: 'Cancellation and refunds',
        blocks: [
          'You may cancel a subscription at any time. When you cancel, we refund the amount paid for the current billing period, and the subscription ends. Credits already granted stay in your balance.',
          'One-time credit bundles are not refundable once their credits have been used. Credits deducted for a generation that failed are returned to your balance automatically.',
        ],
      },
      {
        id: 'acceptable-use',
        title: 'Acceptable use',
        blocks: [
          'You agree not to use Brandloom to:',
          {
            list: [
              'create content that is unlawful, deceptive, defamatory, sexually explicit involving minors, hateful or that infringes the rights of others;',
              'upload images or brand material you have no right to use;',
              'impersonate people or brands, or mislead anyone about the origin of generated images;',
              'probe, overload or circumvent the security or the limits of the service;',
              'resell access to the service without our written permission.',
            ],
          },
          'We may suspend accounts that break these rules, and we may refuse prompts that the image provider’s content policy rejects.',
        ],
      },
      {
        id: 'content',
        title: 'Your content and generated images',
        blocks: [
          'You keep the rights you hold in what you upload (brand images, reference images, prompts). You give Brandloom the limited permission needed to store and process it to provide the service.',
          'Subject to these terms and to the image provider’s terms, you may use the images you generate for any lawful purpose, including commercial use. AI-generated images can resemble existing works; review them before publishing.',
        ],
      },
      {
        id: 'ad-platform',
        title: 'Ad platform integration',
        blocks: [
          'On plans that include it, you may connect a Meta (Facebook) business account and push assets into your existing campaigns as paused ads. Meta’s own terms and advertising policies apply to everything you publish there. You can disconnect at any time and request deletion of the data we received from Meta on our data-deletion page.',
        ],
      },
      {
        id: 'data-retention',
        title: 'Data retention',
        blocks: [
          'We normally keep account data for 12 months after it was last needed to provide the service, unless the law requires longer or you delete it earlier. The Privacy Policy explains what we keep and why.',
        ],
      },
      {
        id: 'disclaimers',
        title: 'Availability and disclaimers',
        blocks: [
          'Brandloom is in beta. We work to keep it available and correct, but the service is provided “as is” and “as available”, without warranties of any kind to the extent the law allows, including fitness for a particular purpose and non-infringement.',
        ],
      },
      {
        id: 'liability',
        title: 'Limitation of liability',
        blocks: [
          'To the extent the law allows, Brandloom is not liable for indirect, incidental, special, consequential or punitive damages, or for lost profits, revenue or data.',
          'Our total liability for any claim arising from or relating to the service is limited to the greater of the amounts you paid us in the 12 months before the claim arose or USD 100.',
        ],
      },
      {
        id: 'governing-law',
        title: 'Governing law and arbitration',
        blocks: [
          'These terms are governed by the laws of the State of Georgia, USA, without regard to its conflict-of-law rules.',
          'Any dispute arising from these terms or the service will be resolved by binding individual arbitration seated in Georgia, except that either party may bring an individual claim in small-claims court. Class actions and class arbitrations are not permitted.',
        ],
      },
      {
        id: 'changes',
        title: 'Changes to these terms',
        blocks: [
          'We may change these terms. We post the new version on this page with a new “last updated” date, and the changes take effect 30 days after posting. If you keep using Brandloom after that, you accept the new terms; if you do not agree, cancel before they take effect.',
        ],
      },
      {
        id: 'contact',
        title: 'Contact',
        blocks: [`Questions about these terms: ${supportEmail}.`],
      },
    ],
  };
}

function privacy(supportEmail: string): LegalDocument {
  return {
    title: 'Privacy Policy',
    headKey: 'public.head.privacy',
    intro:
      'This policy explains what personal data Brandloom collects when you use the service, what we do with it, who processes it for us and how you control it. Brandloom is offered for use in the United States only.',
    sections: [
      {
        id: 'data-we-collect',
        title: 'Data we collect',
        blocks: [
          {
            list: [
              'Account data: your email address, username, avatar and, if you sign up with a password, a salted Argon2id hash of it (never the password itself). With Google sign-in we receive your name, email address and Google account id.',
              'Organization data: its name, members and roles, plan, credit balance and the ledger of credit purchases and usage.',
              'Brand data: the brand images you upload and the brand profiles (colours, typography, visual style) extracted from them or entered by you.',
              'Creative data: your prompts, reference images, generated images, folders and the metadata of each asset.',
              'Billing data: your Stripe customer and subscription ids and your purchase history. Card details are entered on Stripe’s pages and never reach our servers.',
              'Ad platform data, when you connect Meta: an access token (encrypted at rest), your ad accounts, pages, campaigns you select and the history of your pushes.',
              'Technical data: a session cookie that keeps you signed in, and server logs (IP address, request path, time) used for security and debugging. We use no advertising or analytics trackers.',
            ],
          },
        ],
      },
      {
        id: 'how-we-use-it',
        title: 'How we use your data',
        blocks: [
          {
            list: [
              'to run the service: sign you in, generate and store images, keep brand profiles and your library;',
              'to bill you and keep an accurate credit balance;',
              'to push assets to your ad account when you ask us to;',
              'to secure the service, prevent abuse and fix problems;',
              'to send you service emails such as invitations and password resets.',
            ],
          },
          'We do not sell your personal data and we do not use your uploads or generated images to train AI models.',
        ],
      },
      {
        id: 'processors',
        title: 'Processors we share data with',
        blocks: [
          'We share data only with the processors that run parts of the service for us, and only what each one needs:',
          {
            list: [
              'Stripe, Inc.: payments, subscriptions, invoices and the customer portal.',
              'OpenAI: when image generation with OpenAI is configured, your prompt, the chosen quality and size, and any reference images are sent to OpenAI to generate the images.',
              'Meta Platforms, Inc.: only when you connect your Meta business account; we read your ad accounts, pages and campaigns and upload the assets you push.',
              'Amazon Web Services S3 (or the S3-compatible storage our deployment uses): storage of uploaded and generated images.',
              'Google: sign-in, if you choose “Sign in with Google”.',
              'Our email provider: delivery of service emails.',
            ],
          },
        ],
      },
      {
        id: 'retention',
        title: 'How long we keep data',
        blocks: [
          'We normally keep personal data for 12 months after it was last needed to provide the service, unless the law requires us to keep it longer. Deleting your account deletes its account data. Ad platform data is deleted when you disconnect the integration or send us a data-deletion request, within 24 hours.',
        ],
      },
      {
        id: 'your-rights',
        title: 'Your choices and rights',
        blocks: [
          'You can see and change your profile in Settings, download your images from the library, disconnect the ad platform integration and delete your account. You may also ask us for a copy of your data, its correction or its deletion by writing to us; where the GDPR or US state privacy laws such as the CCPA apply, we honour the rights they give you.',
          'To delete data we received from Meta, follow the steps on our data-deletion page at /meta-deletion.',
        ],
      },
      {
        id: 'security',
        title: 'Security',
        blocks: [
          'Traffic is encrypted with TLS, passwords are hashed with Argon2id, ad platform tokens are encrypted with AES-256-GCM, and every request is limited to the data of your own organization. No method of storage or transmission is perfectly secure, but we work to protect your data and will tell you about a breach that affects you as the law requires.',
        ],
      },
      {
        id: 'children',
        title: 'Children',
        blocks: ['Brandloom is not meant for children under 13 and we do not knowingly collect their data. If you believe a child under 13 has given us personal data, contact us and we will delete it.'],
      },
      {
        id: 'changes',
        title: 'Changes to this policy',
        blocks: ['We post any change on this page with a new “last updated” date. Changes take effect 30 days after posting.'],
      },
      {
        id: 'contact',
        title: 'Contact',
        blocks: [`Privacy questions and requests: ${supportEmail}.`],
      },
    ],
  };
}

const metaDeletion: MetaDeletionTexts = {
  title: 'Meta Data Deletion Request',
  intro:
    'If you connected your Meta (Facebook) business account to Brandloom, you can have all the data we received from Meta deleted. Follow the steps below; we handle every request by hand and confirm by email.',
  disconnectTitle: '1. Disconnect the integration',
  disconnectText:
    'Sign in, open the Library, then the integration section, and disconnect your Meta account. Disconnecting removes your access token at once and stops every further access to your ad accounts.',
  contactTitle: '2. Contact support',
  contactBefore: 'Email us at',
  contactAfter: 'with the subject:',
  sendEmail: 'Send Email Now',
  sendEmailHint: 'The button opens your mail client with the subject and a message to fill in.',
  informationTitle: '3. Required information',
  informationIntro: 'Include in your email:',
  information: [
    'the email address of your Brandloom account',
    'your Meta user ID, if you know it',
    'the date you connected your Meta account',
    'your confirmation that all related data should be deleted',
  ],
  processingTitle: '4. Processing time',
  processingBefore: 'We process deletion requests within',
  processingTime: '24 hours',
  processingAfter: 'and send you a confirmation email when your data has been deleted.',
  warningTitle: '5. Before you ask',
  warningText:
    'Deletion removes all integration data, creative uploads and campaign history we hold for your Meta account. It cannot be undone. Brandloom handles these requests in compliance with Meta’s Platform Terms and the GDPR.',
  help: 'Need help? Contact us at',
  mailSubject: 'Meta Data Deletion Request',
  mailBody: [
    'Hello Brandloom Support,',
    '',
    'Please delete all Meta (Facebook) ad platform data associated with my Brandloom account.',
    '',
    'Account email: [your account email]',
    'Meta user ID (if known): [your Meta user ID]',
    'Date I connected Meta: [connection date]',
    '',
    'I confirm that I want all Meta ad platform data related to my account deleted.',
    '',
    'Thank you',
  ].join('\n'),
  status: {
    heading: (code) => `Deletion request ${code}`,
    loading: "Loading the request's status",
    notFound: 'No deletion request has this confirmation code.',
    failed: 'The status could not be loaded. Please try again.',
    label: 'Status:',
    completed: 'Completed',
    requested: (date) => `Requested ${date}`,
    completedAt: (date) => `Completed ${date}: the Meta access token, cached ad accounts and pages, and push history of this Meta user were deleted.`,
  },
};

const texts: LegalTexts = {
  prevails: null,
  lastUpdated: 'Last updated:',
  contents: 'Contents',
  terms,
  privacy,
  metaDeletion,
};

export default texts;
