// The shop every default sample sends from: the demo layout's header and footer draw its logo
// and address, so every sample carries them.
// A drawn wordmark as a data URL, so the logo shows in the preview without a network.
const LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="40" viewBox="0 0 160 40"><rect width="40" height="40" rx="8" fill="#4f46e5"/><path d="M11 29V11h4l10 12V11h4v18h-4L15 17v12z" fill="#fff"/><text x="48" y="26" font-family="Helvetica,Arial,sans-serif" font-size="15" font-weight="700" fill="#18181b">Northwind</text></svg>`;

export const shop = {
  name: 'Northwind Goods',
  logo_url: `data:image/svg+xml,${encodeURIComponent(LOGO_SVG)}`,
  url: 'https://shop.example.com',
  email: 'support@example.com',
  address: 'Keizersgracht 123, 1015 CJ Amsterdam',
};
