/* Build-time helpers of the prerendered pages (client/webpack.prerender.js; tested by markup.test.js). CommonJS: the
 * webpack configuration requires it directly in Node. */

/** The CSP (server/security.py) allows scripts from 'self' only: no inline <script>, no on* handler attributes, no
 * javascript: URLs. Returns the offending snippets ([] when the page is clean). */
function cspViolations(page) {
  const found = [];
  const scripts = page.match(/<script\b[^>]*>[\s\S]*?<\/script\s*>/gi) || [];
  scripts.forEach((tag) => {
    const open = tag.slice(0, tag.indexOf('>') + 1);
    const body = tag.slice(open.length).replace(/<\/script\s*>$/i, '');
    const isJson = /\btype\s*=\s*["']?application\/(ld\+)?json/i.test(open);
    if (!/\bsrc\s*=/i.test(open) || body.trim()) {
      if (!isJson) found.push(tag.slice(0, 120));
    }
  });
  const tags = page.match(/<[a-z][^>]*>/gi) || [];
  tags.forEach((tag) => {
    if (/\son[a-z]+\s*=/i.test(tag) || /=\s*["']?\s*javascript:/i.test(tag)) found.push(tag.slice(0, 120));
  });
  return found;
}

const escapeHtml = (text) =>
  String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** index.html (the client build's template) with a prerendered page: lang, title, description (what a search
 * engine or a link preview shows, in the page's language), the extracted styles in <head>,
 * preloads of the screen's chunks, and the markup in #root (data-prerendered="<route>" tells boot.jsx to hydrate). */
function prerenderedPage(template, { path = '/auth', lang, title, description, html, css, names, preloads = [] }) {
  // The template is html-webpack-plugin's minified output (unquoted attributes) or the source one.
  const replaceOnce = (text, search, replacement) => {
    if (!search.test(text)) throw new Error(`The page template has no ${search}`);
    return text.replace(search, () => replacement);
  };
  let page = replaceOnce(template, /<html lang=("?)[a-z]+\1(?=[\s>])/, `<html lang="${lang}"`);
  page = page.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`);
  if (description) {
    page = replaceOnce(
      page,
      /<meta name=("?)description\1 content=("?)[^">]*\2\s*\/?>/,
      `<meta name="description" content="${escapeHtml(description)}">`,
    );
  }
  const links = preloads.map((href) => `<link rel="preload" as="script" href="${href}">`).join('');
  // Emotion adopts the rules of a data-emotion="css <names>" style on start (no second insertion, no flash).
  const style = `<style data-emotion="css ${names.join(' ')}">${css.replace(/<\/style/gi, '<\\/style')}</style>`;
  page = replaceOnce(page, /<\/head>/, `${links}${style}</head>`);
  page = replaceOnce(page, /<div id=("?)root\1><\/div>/, `<div id="root" data-prerendered="${escapeHtml(path)}">${html}</div>`);
  return page;
}

module.exports = { cspViolations, prerenderedPage };
