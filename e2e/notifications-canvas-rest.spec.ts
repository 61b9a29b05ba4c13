// The canvas and the preview around the editing core: what they load and refuse (URLs, images,
// fonts), that nothing in them navigates, how frames, comments and inserted buttons are drawn,
// and that the text version says when it is older than the HTML.
import type { Frame, Page } from '@playwright/test';
import { AxeBuilder, seriousInBothThemes } from './axe';
import { boxOf, openVisualOn, openVisualWith } from './canvas-helpers';
import { expect, test } from './fixtures';

/** The canvas's own frame (its document is the dashboard's: tests may read its layout). */
async function canvasFrame(page: Page): Promise<Frame> {
  const frame = await page.locator('iframe[title="Visual editor"]').elementHandle();
  const content = await frame.contentFrame();
  if (!content) throw new Error('no canvas frame');
  return content;
}

async function previewFrame(page: Page): Promise<Frame> {
  const frame = await page.locator('iframe[title="HTML preview"]').elementHandle();
  const content = await frame.contentFrame();
  if (!content) throw new Error('no preview frame');
  return content;
}

/** Every dialog (alert, confirm) the page opens: a script of the template ran if there is one. */
function recordDialogs(page: Page): string[] {
  const seen: string[] = [];
  page.on('dialog', (dialog) => {
    seen.push(dialog.message());
    void dialog.dismiss();
  });
  return seen;
}

const PIXEL =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const LINKS = `<p><a href="https://example.com/next">Next page</a> and <a href=" JaVa&#x0A;ScRiPt&colon;alert(1)">a script link</a></p>
<p><img src="data:image/png;base64,${PIXEL}" usemap="#m" alt="Map" width="200" height="40" style="display: block;"><map name="m"><area shape="rect" coords="0,0,100,40" href="java&#9;script:alert(document.domain)" alt="Script area"><area shape="rect" coords="100,0,200,40" href="https://example.com/area" alt="Web area"></map></p>
<p><img src="http://example.com/logo.png" alt="Logo" width="120"></p>`;

test.describe('the canvas and the preview: what loads, what is refused, what navigates', () => {
  test('URLs are checked as the browser reads them, and no click in the canvas or the preview navigates', async ({
    page,
    context,
    signIn,
  }) => {
    const dialogs = recordDialogs(page);
    const away: string[] = [];
    page.on('request', (request) => {
      if (/example\.com\/(?:next|area)/.test(request.url())) away.push(request.url());
    });
    await signIn(page, 'demo', { open: false });
    const canvas = await openVisualWith(page, LINKS);
    await expect(canvas.getByText('Next page')).toBeVisible();

    // The script URLs, however written, are not set; the web addresses are.
    await expect(canvas.locator('area[alt="Script area"]')).not.toHaveAttribute('href');
    await expect(canvas.getByText('a script link')).not.toHaveAttribute('href');
    await expect(canvas.locator('area[alt="Web area"]')).toHaveAttribute(
      'href',
      'https://example.com/area',
    );
    await expect(canvas.getByRole('link', { name: 'Next page' })).toHaveAttribute(
      'href',
      'https://example.com/next',
    );

    // Clicks on a link (plain, with Ctrl, in the middle) and on an image map's areas.
    const link = canvas.getByRole('link', { name: 'Next page' });
    await link.click();
    await link.click({ modifiers: ['ControlOrMeta'] });
    await link.click({ button: 'middle' });
    const map = canvas.getByRole('img', { name: 'Map' });
    await map.click({ position: { x: 150, y: 20 } });
    await map.click({ position: { x: 50, y: 20 } });

    // An http: image is a placeholder that says why.
    await expect(
      canvas.getByRole('img', { name: /Image not shown: http:\/\/example\.com\/logo\.png/ }),
    ).toBeVisible();

    // The preview: its links open nothing either, and the http: image is explained there too.
    const preview = page.frameLocator('iframe[title="HTML preview"]');
    await preview.getByRole('link', { name: 'Next page' }).click();
    await expect(
      preview.getByText(/Image not shown: http:\/\/example\.com\/logo\.png/),
    ).toBeVisible();
    await expect(preview.getByRole('link', { name: 'Next page' })).toBeVisible();

    // Everything above has been handled by the browser by now (the last check read both frames).
    expect((await canvasFrame(page)).url()).toBe('about:srcdoc');
    expect((await previewFrame(page)).url()).toBe('about:srcdoc');
    expect(away).toEqual([]);
    expect(context.pages()).toHaveLength(1);
    expect(dialogs).toEqual([]);
  });

  test('https: images and a Google Fonts style sheet load in the canvas and the preview', async ({
    page,
    signIn,
  }) => {
    // The web, as the two frames would reach it (this machine has no way out).
    const loaded: { url: string; frame: Frame }[] = [];
    await page.route('https://fonts.googleapis.com/**', (route) =>
      route.fulfill({
        contentType: 'text/css',
        body: "@font-face { font-family: 'Test Sans'; src: url(https://fonts.gstatic.com/s/testsans/v1/test.woff2) format('woff2'); }",
      }),
    );
    await page.route('https://fonts.gstatic.com/**', (route) =>
      route.fulfill({ contentType: 'font/woff2', body: Buffer.from('not really a font') }),
    );
    await page.route('https://images.example.com/**', (route) =>
      route.fulfill({ contentType: 'image/png', body: Buffer.from(PIXEL, 'base64') }),
    );
    page.on('requestfinished', (request) => {
      const frame = request.frame();
      if (/googleapis|gstatic|images\.example/.test(request.url())) {
        loaded.push({ url: request.url(), frame });
      }
    });
    await signIn(page, 'demo', { open: false });
    const canvas = await openVisualWith(
      page,
      `<link href="https://fonts.googleapis.com/css2?family=Test+Sans&amp;display=swap" rel="stylesheet">
<p style="font-family: 'Test Sans', sans-serif;">Web font text</p>
<p><img src="https://images.example.com/photo.png" alt="Photo" width="20" height="20"></p>`,
    );
    await expect(canvas.getByText('Web font text')).toBeVisible();
    const photo = canvas.getByRole('img', { name: 'Photo' });
    await expect
      .poll(() => photo.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBe(1);

    const canvasDoc = await canvasFrame(page);
    const previewDoc = await previewFrame(page);
    for (const [name, frame] of [
      ['canvas', canvasDoc],
      ['preview', previewDoc],
    ] as const) {
      for (const file of [/fonts\.googleapis\.com\/css2/, /test\.woff2$/, /photo\.png$/]) {
        await expect
          .poll(() => loaded.some((each) => each.frame === frame && file.test(each.url)), {
            message: `${name} loads ${String(file)}`,
          })
          .toBe(true);
      }
    }
  });
});

const FRAMES_AND_COMMENTS = `<table role="presentation" width="600" style="border-collapse: collapse;"><tbody>
<!--[if mso | IE]><tr><td style="width: 600px;"><![endif]-->
<tr><td id="first" style="background: #eef2ff; padding: 8px;">First cell</td><!-- between cells --><td id="second" style="background: #fef9c3; padding: 8px;">Second cell</td></tr>
<!--[if mso | IE]></td></tr><![endif]-->
{% for line in order.lines %}<tr><td style="padding: 4px;">{{ line.name }}</td><td style="padding: 4px;">{{ line.quantity }}</td></tr>{% endfor %}
</tbody></table>
<!--[if !mso]><!--><p>Shown everywhere but Outlook</p><!--<![endif]-->
<p>Hello {% if customer.first_name %}{{ customer.first_name }}{% else %}there{% endif %}, thanks.</p>
{% if order.shipping %}<p>Your parcel ships soon.</p>{% endif %}
<div>{% for line in order.lines %}<p>{{ line.name }}</p>{% endfor %}</div>
<table role="presentation" width="400" style="table-layout: fixed;"><tr><td width="90" style="font-size: 14px; line-height: 14px;">{% if customer.first_name %}Dear {{ customer.first_name }}{% endif %}</td><td style="font-size: 14px;">Next cell text</td></tr></table>
<p style="font-size: 13px; line-height: 13px; margin: 0;">Line above the frame</p>
<p style="font-size: 13px; line-height: 13px; margin: 0;">Tight {% if order.shipping %}shipping{% endif %} line</p>
<p style="font-size: 13px; line-height: 13px; margin: 0;">Line below the frame</p>`;

test.describe('the canvas: frames, comments and inserted blocks', () => {
  test('frame labels overlap no text beside them; comments are small markers that take no column', async ({
    page,
    signIn,
    api,
  }, info) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, 'demo', { open: false });
    const canvas = await openVisualOn(page, api, FRAMES_AND_COMMENTS);
    await expect(canvas.getByText('Line below the frame')).toBeVisible();
    await page
      .locator('iframe[title="Visual editor"]')
      .screenshot({ path: info.outputPath('frames-and-comments.png') });
    const frame = await canvasFrame(page);

    // Each label against every piece of text outside it.
    const overlaps = await frame.evaluate(() => {
      const texts: { rect: DOMRect; text: string }[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent?.trim() ?? '';
        if (!text || node.parentElement?.closest('.sc-frame-label, .sc-comment, style')) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const rect of range.getClientRects()) texts.push({ rect, text });
      }
      const found: string[] = [];
      for (const label of document.querySelectorAll('.sc-frame-label')) {
        const box = label.getBoundingClientRect();
        for (const { rect, text } of texts) {
          const x = Math.min(box.right, rect.right) - Math.max(box.left, rect.left);
          const y = Math.min(box.bottom, rect.bottom) - Math.max(box.top, rect.top);
          if (x > 1 && y > 1) found.push(`${label.textContent} over "${text}"`);
        }
      }
      return found;
    });
    expect(overlaps).toEqual([]);

    // The row's two cells share the table: the comment between them is no cell of its own.
    // Boxes, not an `evaluate` on the element found: a late redraw (the snippets arriving on a
    // busy machine) once left that element detached, 0 wide.
    const cell = (selector: string) => boxOf(canvas.locator(selector).first());
    const [first, second, table] = await Promise.all([
      cell('#first'),
      cell('#second'),
      cell('table'),
    ]);
    expect(first.width + second.width).toBeGreaterThan(table.width - 8);

    // Outlook's conditional comments say so; every comment is a small marker.
    await expect(canvas.getByRole('button', { name: /^HTML comment, Outlook only/ })).toHaveCount(
      2,
    );
    await expect(canvas.getByRole('button', { name: /^HTML comment, Not in Outlook/ })).toHaveCount(
      1,
    );
    await expect(canvas.getByRole('button', { name: /^HTML comment: edit in code/ })).toHaveCount(
      1,
    );
    const heights = await canvas
      .locator('.sc-comment-button')
      .evaluateAll((buttons) => buttons.map((button) => button.getBoundingClientRect().height));
    expect(heights).toHaveLength(5);
    for (const height of heights) expect(height).toBeLessThan(18);

    // A marker still opens the code at its comment, the first time the code is shown too (the
    // template was stored, not typed in the code: the code view mounts now). The focus once went
    // nowhere then: the view took its handle's focusAt before it had a view.
    await canvas.getByRole('button', { name: /^HTML comment: edit in code/ }).click();
    await expect(page.getByRole('textbox', { name: 'HTML version' })).toBeFocused();
  });

  test('a comment marker at the very top of the canvas is drawn whole, inside the canvas', async ({
    page,
    signIn,
  }) => {
    await signIn(page, 'demo', { open: false });
    const canvas = await openVisualWith(
      page,
      `<!--[if mso]><table role="presentation" width="600"><tr><td><![endif]-->
<table role="presentation" width="100%"><tr><td>Top cell</td></tr></table>
<!--[if mso]></td></tr></table><![endif]-->`,
    );
    await expect(canvas.getByText('Top cell')).toBeVisible();
    const marker = canvas.getByRole('button', { name: /^HTML comment, Outlook only/ }).first();
    await expect(marker).toBeVisible();
    const frame = await boxOf(page.locator('iframe[title="Visual editor"]'));
    const box = await boxOf(marker);
    // Scrolled to the top, the marker lies inside the canvas's visible box (not above it).
    expect(box.y).toBeGreaterThanOrEqual(frame.y);
    expect(box.x).toBeGreaterThanOrEqual(frame.x);
    expect(box.y + box.height).toBeLessThanOrEqual(frame.y + frame.height);
    // And it covers no text: the cell below starts under it.
    const cell = await boxOf(canvas.getByText('Top cell'));
    expect(cell.y).toBeGreaterThanOrEqual(box.y + box.height - 1);
  });

  test('"Alignment: Centre" on an inserted button draws it centred', async ({
    page,
    signIn,
  }, info) => {
    await signIn(page, 'demo', { open: false });
    const canvas = await openVisualWith(page, '<p>An introduction to the button below.</p>');
    const panel = page.getByRole('complementary', { name: 'Block' });
    await canvas.getByText('An introduction').click();
    await expect(panel.getByRole('heading', { name: 'Text' })).toBeVisible();
    await panel.getByRole('button', { name: 'Button', exact: true }).click();
    await expect(panel.getByRole('heading', { name: 'Button' })).toBeVisible();
    await panel.getByLabel('Alignment').selectOption('center');

    const button = canvas.getByRole('link', { name: 'Button' });
    const body = canvas.locator('body');
    await expect
      .poll(async () => {
        const [link, page] = await Promise.all([button.boundingBox(), body.boundingBox()]);
        if (!link || !page) return Infinity;
        return Math.abs(link.x + link.width / 2 - (page.x + page.width / 2));
      })
      .toBeLessThan(4);
    await page
      .locator('iframe[title="Visual editor"]')
      .screenshot({ path: info.outputPath('button-centred.png') });
  });
});

test.describe('the text version', () => {
  test('says it is older than the HTML on its tab and in the review, with "Regenerate from HTML" one click away', async ({
    page,
    signIn,
    api,
  }) => {
    await signIn(page, 'demo', { open: false });
    await openVisualWith(page, '<p>We are packing it with care.</p>');
    // The HTML changed after the text was written: the Text tab says so.
    const textTab = page.getByRole('tab', { name: /^Text/ });
    await expect(textTab).toContainText('older than HTML');
    await textTab.click();
    const notice = page
      .getByRole('status')
      .filter({ hasText: 'The text version is older than the HTML' });
    await expect(notice).toBeVisible();

    // The review before saving says it too, and regenerating there puts the HTML's words in.
    await page.keyboard.press('ControlOrMeta+s');
    const review = page.getByRole('dialog', { name: 'Review changes' });
    await expect(
      review.getByRole('status').filter({ hasText: 'older than the HTML' }),
    ).toBeVisible();
    await review.getByRole('button', { name: 'Regenerate from HTML' }).click();
    await expect(review.getByRole('region', { name: 'Changes to Text version' })).toContainText(
      'We are packing it with care.',
    );
    await expect(review.getByText('older than the HTML')).toHaveCount(0);
    await review.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Saved', { exact: true })).toBeVisible();
    const saved = (await (await api('/notifications/order-confirmation')).json()) as {
      text: string;
    };
    expect(saved.text).toBe('We are packing it with care.');
    await expect(textTab).not.toContainText('older than HTML');

    // Edit the HTML again: stale again, also after a reload; the Text tab's button fixes it.
    await page.getByRole('tab', { name: /^HTML/ }).click();
    await page.getByRole('button', { name: 'Code', exact: true }).click();
    await page.getByRole('textbox', { name: 'HTML version' }).click();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.insertText('\n<p>It ships tomorrow.</p>');
    await expect(textTab).toContainText('older than HTML');
    await page.keyboard.press('ControlOrMeta+s');
    await review.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Saved', { exact: true })).toBeVisible();
    await page.reload();
    await expect(textTab).toContainText('older than HTML', { timeout: 30_000 });
    await textTab.click();
    await notice.getByRole('button', { name: 'Regenerate from HTML' }).click();
    await expect(page.getByRole('textbox', { name: 'Text version' })).toContainText(
      'It ships tomorrow.',
    );
    await expect(textTab).not.toContainText('older than HTML');
  });
});

test.describe('accessibility of the canvas details', () => {
  test('comment markers, the http: image placeholder and the stale-text notice pass axe in both themes', async ({
    page,
    signIn,
  }) => {
    // Four axe runs over the editor: Playwright's slow budget (every wait is on a condition).
    test.slow();
    await signIn(page, 'demo', { open: false });
    const canvas = await openVisualWith(page, `${FRAMES_AND_COMMENTS}\n${LINKS}`);
    await expect(canvas.getByRole('img', { name: /Image not shown/ })).toBeVisible();
    const ourUi = (current: Page) =>
      new AxeBuilder({ page: current }).exclude('iframe[title="HTML preview"]');
    await page.getByRole('tab', { name: /^HTML/ }).click();
    await expect(canvas.locator('.sc-comment-button').first()).toBeVisible();
    expect(await seriousInBothThemes(page, ourUi), 'canvas').toEqual([]);
    await page.getByRole('tab', { name: /^Text/ }).click();
    await expect(page.getByRole('button', { name: 'Regenerate from HTML' })).toBeVisible();
    expect(await seriousInBothThemes(page, ourUi), 'stale text notice').toEqual([]);
  });
});
