/**
 * The look of plan.html, served as a file of its own (plan.css) so a strict Content-Security-Policy
 * (no inline style) holds. Themed through CSS custom properties a site overrides in its own
 * stylesheet (`:root { --plan-accent: #c00 }`): colours (light and dark), font, width, column
 * width. Sections flow in columns, one on a phone, several on a wide screen; logical properties
 * keep it right for right-to-left locales. Pure.
 */
import { createHash } from 'node:crypto';

export const PLAN_STYLESHEET_NAME = 'plan.css';

export const PLAN_STYLESHEET = `/* Site map for visitors: override any --plan-* property to theme it. */
:root {
  --plan-font: system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif;
  --plan-text: #1f2328;
  --plan-muted: #59636e;
  --plan-background: #ffffff;
  --plan-surface: #f6f8fa;
  --plan-border: #d1d9e0;
  --plan-accent: #0b57d0;
  --plan-accent-text: #ffffff;
  --plan-radius: 0.5rem;
  --plan-max-width: 75rem;
  --plan-column-width: 17rem;
  color-scheme: light dark;
}
@media (prefers-color-scheme: dark) {
  :root {
    --plan-text: #e6edf3;
    --plan-muted: #9198a1;
    --plan-background: #0d1117;
    --plan-surface: #151b23;
    --plan-border: #3d444d;
    --plan-accent: #6ea8fe;
    --plan-accent-text: #0d1117;
  }
}
*, *::before, *::after { box-sizing: border-box; }
body {
  margin: 0;
  font-family: var(--plan-font);
  font-size: 1rem;
  line-height: 1.55;
  color: var(--plan-text);
  background: var(--plan-background);
  -webkit-text-size-adjust: 100%;
}
main {
  max-width: var(--plan-max-width);
  margin-inline: auto;
  padding: 1.5rem 1rem 3rem;
}
h1 { font-size: clamp(1.6rem, 1.2rem + 2vw, 2.4rem); line-height: 1.2; margin: 0 0 0.25rem; }
a { color: var(--plan-accent); text-underline-offset: 0.15em; }
a:hover { text-decoration-thickness: 2px; }
a:focus-visible { outline: 3px solid var(--plan-accent); outline-offset: 2px; border-radius: 2px; }
.plan-order { margin: 0 0 1.25rem; color: var(--plan-muted); }
.plan-index ul {
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  list-style: none;
  margin: 0 0 2rem;
  padding: 0;
}
.plan-index a {
  display: inline-block;
  padding: 0.3rem 0.8rem;
  border: 1px solid var(--plan-border);
  border-radius: 999px;
  background: var(--plan-surface);
  text-decoration: none;
  white-space: nowrap;
}
.plan-index a[aria-current="page"] {
  background: var(--plan-accent);
  border-color: var(--plan-accent);
  color: var(--plan-accent-text);
}
.plan-sections { columns: var(--plan-column-width); column-gap: 2.5rem; }
.plan-sections section {
  break-inside: avoid-column;
  margin: 0 0 2rem;
  padding: 1rem 1.25rem;
  border: 1px solid var(--plan-border);
  border-radius: var(--plan-radius);
  background: var(--plan-surface);
}
.plan-sections h2 {
  font-size: 1.15rem;
  margin: 0 0 0.5rem;
  padding-block-end: 0.4rem;
  border-block-end: 2px solid var(--plan-accent);
}
.plan-sections h3 { font-size: 0.95rem; margin: 0.75rem 0 0.25rem; color: var(--plan-muted); }
.plan-sections ul { list-style: none; margin: 0; padding: 0; }
.plan-sections ul ul { padding-inline-start: 0.75rem; border-inline-start: 2px solid var(--plan-border); }
.plan-sections li { margin: 0.2rem 0; overflow-wrap: anywhere; }
.plan-pages {
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 1rem;
  margin-block-start: 1rem;
  padding-block-start: 1rem;
  border-block-start: 1px solid var(--plan-border);
}
.plan-pages p { margin: 0; color: var(--plan-muted); }
@media print {
  .plan-index, .plan-pages { display: none; }
  .plan-sections section { border: 0; padding: 0; background: none; }
}
`;

/** Its version: plan.html links `plan.css?v=<version>`, so the file may be cached for long. */
export const PLAN_STYLESHEET_VERSION = createHash('sha256')
  .update(PLAN_STYLESHEET)
  .digest('base64url')
  .slice(0, 16);

/** The writing direction of a locale's script (Arabic, Hebrew… right to left). */
export function textDirection(locale: string | null): 'ltr' | 'rtl' {
  if (!locale) return 'ltr';
  try {
    const info = (new Intl.Locale(locale) as Intl.Locale & { textInfo?: { direction?: string } })
      .textInfo;
    return info?.direction === 'rtl' ? 'rtl' : 'ltr';
  } catch {
    return 'ltr';
  }
}
