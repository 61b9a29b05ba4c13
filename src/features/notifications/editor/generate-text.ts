// html-to-text is sizeable and only needed when the admin asks; it is loaded on the first click.

/** The plain-text version of an e-mail's HTML, keeping Liquid tags as they are. */
export async function generateTextFromHtml(html: string): Promise<string> {
  const { convert } = await import('html-to-text');
  return convert(html, {
    wordwrap: 78,
    selectors: [
      { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
      { selector: 'img', format: 'skip' },
      { selector: 'style', format: 'skip' },
      { selector: 'script', format: 'skip' },
      { selector: 'table', format: 'dataTable', options: { uppercaseHeaderCells: false } },
      // Upper-casing would turn `{{ customer.name }}` into a variable that does not exist.
      ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({
        selector,
        options: { uppercase: false },
      })),
    ],
  }).trim();
}
