/**
 * The demo's three resources with an ETag, and a body that changes each (`i` makes writers'
 * values differ), for the tests of concurrent writers with and without If-Match.
 */
export const VERSIONED_RESOURCES = [
  { path: '/apps/storefront', method: 'PATCH', body: (i: number) => ({ name: `Writer ${i}` }) },
  {
    path: '/settings/consent',
    method: 'PATCH',
    body: (i: number) => ({ privacy_policy_page_id: `page-${i}` }),
  },
  {
    path: '/notifications/welcome',
    method: 'PUT',
    body: (i: number) => ({ subject: `Subject ${i}` }),
  },
] as const;
