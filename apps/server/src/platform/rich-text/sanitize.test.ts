import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './sanitize';
import { dangers, XSS_PAYLOADS } from './xss-corpus';

describe('sanitizeRichText', () => {
  it(`stores none of ${XSS_PAYLOADS.length} script-injection payloads as anything that could run`, () => {
    expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(100);
    // The check itself sees what it is looking for.
    expect(XSS_PAYLOADS.filter((payload) => dangers(payload).length).length).toBeGreaterThanOrEqual(100);
    const unsafe = XSS_PAYLOADS.map((payload) => ({
      payload,
      dangers: dangers(sanitizeRichText(payload)),
    })).filter((r) => r.dangers.length);
    expect(unsafe).toEqual([]);
  });

  it('keeps what the editor writes: paragraphs, marks, headings, lists, quotes, code and links', () => {
    const html =
      '<h2>График</h2><p><strong>Важно</strong>, <em>срочно</em>, <u>подчёркнуто</u>, <s>старое</s>, <mark>выделено</mark></p>' +
      '<ul><li>Склад</li></ul><ol start="3"><li>Таможня</li></ol><blockquote><p>Цитата</p></blockquote><pre><code>E-17</code></pre><hr>';
    expect(sanitizeRichText(html)).toBe(html.replace('<hr>', '<hr />'));
    expect(sanitizeRichText('<p><a href="https://tms.example/orders">заказ</a></p>')).toBe(
      '<p><a href="https://tms.example/orders" target="_blank" rel="noopener noreferrer nofollow">заказ</a></p>',
    );
  });

  it('drops what could run with its content, keeps the text of an unknown harmless element', () => {
    expect(sanitizeRichText('<p>до</p><script>alert(1)</script><style>p{}</style><p>после</p>')).toBe(
      '<p>до</p><p>после</p>',
    );
    expect(sanitizeRichText('<div><span style="color:red">текст</span></div>')).toBe('текст');
  });
});
