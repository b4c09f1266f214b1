import { cspViolations, prerenderedPage } from './markup';

const TEMPLATE =
  '<!doctype html><html lang=ru><head><meta name=description content="Qabyldau — приёмная комиссия университета">' +
  '<title>Qabyldau</title><script defer src=/static/js/main.1.js></script>' +
  '</head><body><div id=root></div></body></html>';
const RENDERED = {
  lang: 'kk',
  title: 'Кіру — Qabyldau',
  description: 'Qabyldau — университеттің "қабылдау" комиссиясы',
  html: '<form method="dialog"></form>',
  css: 'a{b:c}',
  names: ['x1', 'y2'],
};

describe('the prerendered /auth page', () => {
  it('carries the language, title, styles, preloads and markup', () => {
    const page = prerenderedPage(TEMPLATE, { ...RENDERED, preloads: ['/static/js/auth.2.chunk.js'] });
    expect(page).toContain('<html lang="kk">');
    expect(page).toContain('<title>Кіру — Qabyldau</title>');
    expect(page).toContain('<meta name="description" content="Qabyldau — университеттің &quot;қабылдау&quot; комиссиясы">');
    expect(page).not.toContain('приёмная');
    expect(page).toContain('<link rel="preload" as="script" href="/static/js/auth.2.chunk.js">');
    expect(page).toContain('<style data-emotion="css x1 y2">a{b:c}</style></head>');
    expect(page).toContain('<div id="root" data-prerendered="/auth"><form method="dialog"></form></div>');
    expect(cspViolations(page)).toEqual([]);
  });

  it('names the route it was rendered for', () => {
    const page = prerenderedPage(TEMPLATE, { ...RENDERED, path: '/apply/:id' });
    expect(page).toContain('<div id="root" data-prerendered="/apply/:id"><form method="dialog"></form></div>');
  });

  it('fails on a template it cannot fill', () => {
    const noRoot = '<html lang=ru><head><meta name=description content=x></head><body></body></html>';
    expect(() => prerenderedPage(noRoot, RENDERED)).toThrow(/root/);
    const noDescription = '<html lang=ru><head></head><body><div id=root></div></body></html>';
    expect(() => prerenderedPage(noDescription, RENDERED)).toThrow(/description/);
  });

  it('cannot close its style element early', () => {
    expect(prerenderedPage(TEMPLATE, { ...RENDERED, css: 'a{}</style><script>x()</script>' })).not.toMatch(
      /<\/style><script>/,
    );
  });
});

describe('the CSP check of the build', () => {
  it.each([
    ['an inline script', '<script>alert(1)</script>'],
    ['a script with a src and a body', '<script src="/a.js">alert(1)</script>'],
    ['a handler attribute', '<img src="/a.png" onerror="alert(1)">'],
    ['a javascript: link', '<a href="javascript:alert(1)">x</a>'],
  ])('rejects %s', (_name, snippet) => {
    expect(cspViolations(`<html><body>${snippet}</body></html>`)).toHaveLength(1);
  });

  it('accepts script files and JSON data', () => {
    const page =
      '<script defer src=/static/js/a.js></script><script src="/b.js"></script>' +
      '<script type="application/json">{"a":1}</script><p>one onion</p>';
    expect(cspViolations(page)).toEqual([]);
  });
});
