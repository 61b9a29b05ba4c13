/**
 * The demo site's consent configuration. It holds a few mistakes on purpose, each one a case the
 * dashboard's consent checks point out.
 */
import type { StoredConsentConfig } from '../../consent/store/consent';
import { hoursAgo } from './time';

const en_nl = (en: string, nl: string) => ({ en, nl });

const APPLICATIONS = [
  {
    name: 'session',
    title: en_nl('Shop session', 'Winkelsessie'),
    description: en_nl(
      'Keeps your cart and sign-in while you shop.',
      'Bewaart je winkelwagen en login tijdens het winkelen.',
    ),
    purposes: ['functional'],
    required: true,
    default: true,
    // Required and opt-out at once: a contradiction the consent checks point out.
    opt_out: true,
  },
  {
    name: 'google-analytics',
    title: en_nl('Google Analytics', 'Google Analytics'),
    description: en_nl('Visitor statistics.', 'Bezoekersstatistieken.'),
    purposes: ['analytics'],
    required: false,
    // On by default without being required: the consent checks warn about this.
    default: true,
    opt_out: false,
  },
  {
    name: 'hotjar',
    title: en_nl('Hotjar', 'Hotjar'),
    description: en_nl('Heatmaps and session recordings.', 'Heatmaps en sessie-opnames.'),
    purposes: ['analytics'],
    required: false,
    default: false,
    opt_out: true,
  },
  {
    name: 'facebook-pixel',
    title: en_nl('Facebook Pixel', 'Facebook Pixel'),
    description: en_nl(
      'Measures the effect of our ads on Facebook.',
      'Meet het effect van onze advertenties op Facebook.',
    ),
    purposes: ['marketing'],
    required: false,
    default: false,
    opt_out: false,
  },
  {
    name: 'youtube',
    title: en_nl('YouTube videos', "YouTube-video's"),
    description: en_nl('Embedded product videos.', "Ingesloten productvideo's."),
    purposes: ['marketing'],
    required: false,
    default: false,
    opt_out: false,
  },
];

const COOKIES = [
  {
    id: 'ck-session',
    name: 'shop_session',
    path: '/',
    domain: 'demo.example.com',
    application: 'session',
  },
  {
    id: 'ck-csrf',
    name: 'csrf_token',
    path: '/',
    domain: 'demo.example.com',
    application: 'session',
  },
  {
    id: 'ck-ga',
    name: '^_ga.*',
    path: '/',
    domain: '.demo.example.com',
    application: 'google-analytics',
  },
  {
    id: 'ck-gid',
    name: '_gid',
    path: '/',
    domain: '.demo.example.com',
    application: 'google-analytics',
  },
  // Regex characters without `^`: matched anywhere, which the consent checks flag.
  { id: 'ck-hj', name: '_hj*', path: '/', domain: '.demo.example.com', application: 'hotjar' },
  {
    id: 'ck-fbp',
    name: '_fbp',
    path: '/',
    domain: '.demo.example.com',
    application: 'facebook-pixel',
  },
  // A path not starting with `/`: browsers ignore it, which the consent checks flag.
  {
    id: 'ck-yt',
    name: 'VISITOR_INFO1_LIVE',
    path: 'videos',
    domain: '.youtube.com',
    application: 'youtube',
  },
];

export function demoConsent(now: Date): StoredConsentConfig {
  return {
    privacy_policy_kind: 'url',
    privacy_policy_url: {
      en: 'https://demo.example.com/privacy',
      nl: 'https://demo.example.com/nl/privacy',
    },
    privacy_policy_page_id: null,
    purposes: [
      {
        name: 'functional',
        description: {
          en: 'Needed for the shop to work: cart, sign-in and checkout.',
          nl: 'Nodig om de winkel te laten werken: winkelwagen, inloggen en afrekenen.',
        },
      },
      {
        name: 'analytics',
        description: {
          en: 'Helps us understand how visitors use the shop.',
          nl: 'Helpt ons te begrijpen hoe bezoekers de winkel gebruiken.',
        },
      },
      {
        name: 'marketing',
        description: {
          en: 'Personalised offers and advertising on other sites.',
          nl: 'Persoonlijke aanbiedingen en advertenties op andere sites.',
        },
      },
    ],
    applications: APPLICATIONS.map((application) => ({
      ...application,
      placeholder_message: en_nl(
        `This content needs your consent for ${application.name}.`,
        `Voor deze inhoud is toestemming voor ${application.name} nodig.`,
      ),
      placeholder_action: en_nl('Allow and show', 'Toestaan en tonen'),
    })),
    cookies: COOKIES,
    created_at: hoursAgo(now, 24 * 60),
    updated_at: hoursAgo(now, 24 * 3),
  };
}
