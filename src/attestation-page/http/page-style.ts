import { createHash } from 'node:crypto';

/**
 * The page's only style sheet, inline and allowed by its hash in the Content-Security-Policy, so the policy can
 * forbid every other style, script and resource. Colours meet WCAG AA contrast on white (text 16:1, links and
 * buttons over 7:1, errors 6.5:1); focus is a thick yellow-and-black ring visible on any background.
 */
export const PAGE_CSS = `
*,*::before,*::after{box-sizing:border-box}
html{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;font-size:100%;line-height:1.5;color:#1b1b1b;background:#f3f2f1}
body{margin:0}
a{color:#1d4f91;text-decoration-thickness:1px;text-underline-offset:2px}
a:hover{color:#0b2c57;text-decoration-thickness:3px}
:focus-visible{outline:3px solid #ffdd00;outline-offset:0;box-shadow:0 0 0 6px #0b0c0c}
.skip{position:absolute;left:-9999px;top:0;background:#ffdd00;color:#0b0c0c;padding:.5rem 1rem}
.skip:focus{left:1rem}
.masthead{background:#0b0c0c;color:#fff;padding:.75rem 1rem}
.masthead p{margin:0 auto;max-width:44rem;font-weight:700;font-size:1.125rem}
main{display:block;max-width:46rem;margin:0 auto;padding:1.5rem 1rem 3rem}
h1{font-size:2rem;line-height:1.2;margin:0 0 1rem}
h2{font-size:1.375rem;margin:2rem 0 .75rem}
.lede{font-size:1.1875rem;margin:0 0 1.5rem}
.message{background:#fff;border-left:6px solid #1d4f91;padding:1rem 1.25rem;margin:0 0 1.5rem}
.message h2{margin:0 0 .5rem;font-size:1.125rem}
.message p{margin:0;white-space:pre-wrap;overflow-wrap:anywhere}
.document{background:#fff;border:1px solid #b1b4b6;padding:1.25rem 1.5rem;overflow-wrap:anywhere}
.document h3,.document h4,.document h5,.document h6{margin:1.5rem 0 .5rem}
.document :first-child{margin-top:0}
.document pre{white-space:pre-wrap;background:#f3f2f1;padding:.75rem}
.document table{border-collapse:collapse}
.document th,.document td{border:1px solid #b1b4b6;padding:.25rem .5rem;text-align:left}
.plain-text{white-space:pre-wrap;font-family:inherit;margin:0}
.fingerprint{font-size:.875rem;color:#505a5f;margin:.5rem 0 0;overflow-wrap:anywhere}
.sign{background:#fff;border:1px solid #b1b4b6;padding:1.25rem 1.5rem;margin-top:2rem}
.sign h2{margin-top:0}
.field{margin:0 0 1.5rem}
.field label{display:block;font-weight:700;margin-bottom:.25rem}
.hint{color:#505a5f;margin:0 0 .5rem}
.field input[type=text]{display:block;width:100%;max-width:30rem;font:inherit;font-size:1.1875rem;padding:.4rem .5rem;border:2px solid #0b0c0c;border-radius:0}
.field-error{border-left:5px solid #b0211a;padding-left:1rem}
.field-error input[type=text]{border-color:#b0211a}
.error{color:#b0211a;font-weight:700;margin:0 0 .5rem}
.consent{display:flex;gap:.75rem;align-items:flex-start}
.consent input{width:1.75rem;height:1.75rem;margin:0;flex:none;accent-color:#0b0c0c}
.consent label{font-weight:400;margin:0}
.notice{margin:1rem 0;padding:.75rem 1rem;background:#f3f2f1;border-left:4px solid #505a5f}
.decline{margin-top:1.5rem}
.decline summary{cursor:pointer;color:#1d4f91;text-decoration:underline}
.decline form{background:#fff;border:1px solid #b1b4b6;padding:1.25rem 1.5rem;margin-top:.75rem}
.decline textarea{width:100%;font:inherit;padding:.5rem;border:2px solid #0b0c0c}
button.secondary{color:#0b0c0c;background:#f3f2f1;border-bottom-color:#929191}
button.secondary:hover{background:#dbdad9}
button{font:inherit;font-size:1.1875rem;font-weight:700;color:#fff;background:#00703c;border:0;border-bottom:3px solid #002d18;padding:.6rem 1.25rem;cursor:pointer}
button:hover{background:#005a30}
.error-summary{border:5px solid #b0211a;background:#fff;padding:1rem 1.25rem;margin:0 0 1.5rem}
.error-summary h2{margin:0 0 .5rem;font-size:1.25rem}
.error-summary ul{margin:0;padding-left:1.25rem}
.error-summary a{color:#b0211a;font-weight:700}
.panel{background:#fff;border:1px solid #b1b4b6;border-top:8px solid #1d4f91;padding:1.5rem}
.panel.done{border-top-color:#00703c}
.panel.closed{border-top-color:#505a5f}
.panel p:last-child{margin-bottom:0}
.visually-hidden{position:absolute!important;width:1px!important;height:1px!important;margin:0!important;padding:0!important;overflow:hidden!important;clip:rect(0 0 0 0)!important;white-space:nowrap!important;border:0!important}
footer{max-width:46rem;margin:0 auto;padding:0 1rem 2rem;color:#505a5f;font-size:.875rem}
`;

/** The CSP source that allows exactly this style sheet. */
export const PAGE_CSS_SOURCE = `'sha256-${createHash('sha256').update(PAGE_CSS, 'utf8').digest('base64')}'`;
