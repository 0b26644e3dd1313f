/**
 * The console's one style sheet, served from /console/console.css (the CSP allows styles from this origin only).
 * Colours meet WCAG AA on white; focus is a thick ring; wide tables scroll inside their own region, so a 390 px
 * phone never scrolls the page sideways.
 */
export const CONSOLE_CSS = `
*,*::before,*::after{box-sizing:border-box}
html{font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;line-height:1.5;color:#1b1b1b;background:#f3f2f1}
body{margin:0}
a{color:#1d4f91;text-underline-offset:2px}
:focus-visible{outline:3px solid #ffdd00;outline-offset:0;box-shadow:0 0 0 6px #0b0c0c}
.skip{position:absolute;left:-9999px;top:0;background:#ffdd00;color:#0b0c0c;padding:.5rem 1rem}
.skip:focus{left:1rem}
.masthead{background:#0b0c0c;color:#fff;padding:.75rem 1rem}
.masthead a{color:#fff}
.bar{display:flex;flex-wrap:wrap;gap:.25rem 1rem;align-items:baseline;max-width:64rem;margin:0 auto}
.brand{font-weight:700;font-size:1.125rem;text-decoration:none}
.who{font-size:.9375rem;overflow-wrap:anywhere}
nav{display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:center;max-width:64rem;margin:.5rem auto 0}
nav ul{display:flex;flex-wrap:wrap;gap:.25rem 1rem;list-style:none;margin:0;padding:0}
nav a[aria-current=page]{font-weight:700}
main{display:block;max-width:64rem;margin:0 auto;padding:1.5rem 1rem 3rem}
h1{font-size:1.875rem;line-height:1.2;margin:0 0 1rem;overflow-wrap:anywhere}
h2{font-size:1.375rem;margin:2rem 0 .75rem;overflow-wrap:anywhere}
.lede{font-size:1.125rem}
.muted{color:#505a5f}
.notice,.created{background:#fff;border-left:6px solid #1d4f91;padding:1rem 1.25rem;margin:0 0 1.5rem}
.created h2{margin-top:0}
.secret{display:block;background:#0b0c0c;color:#fff;padding:.75rem;overflow-wrap:anywhere;font-size:1rem}
.errors{color:#8a1f11}
.stack{display:flex;flex-direction:column;gap:.375rem;max-width:28rem}
.stack button{margin-top:.75rem;align-self:flex-start}
.filters{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center}
.inline{display:inline}
label{font-weight:600}
input,select,textarea{font:inherit;padding:.375rem .5rem;border:2px solid #0b0c0c;max-width:100%;min-height:2.5rem}
button{font:inherit;padding:.4rem 1rem;border:2px solid #00703c;background:#00703c;color:#fff;cursor:pointer;min-height:2.5rem}
button.secondary{background:#fff;color:#0b0c0c;border-color:#0b0c0c}
button.danger{background:#a4221a;border-color:#a4221a}
button.link{background:none;border:none;color:#fff;text-decoration:underline;padding:0;min-height:0}
.choices{list-style:none;padding:0}
.choices li{margin:.5rem 0}
.scroll{overflow-x:auto;max-width:100%;background:#fff;border:1px solid #b1b4b6}
table{border-collapse:collapse;width:100%}
th,td{text-align:left;padding:.5rem .625rem;border-bottom:1px solid #b1b4b6;vertical-align:top}
fieldset{min-width:0;max-width:100%;border:1px solid #b1b4b6;padding:.75rem;margin:1rem 0}
legend{font-weight:700;white-space:normal;max-width:100%}
select{text-overflow:ellipsis}
dl.counts{display:grid;grid-template-columns:auto auto;gap:.25rem 1rem;justify-content:start}
dl.counts dd{margin:0;font-weight:700}
.pager{display:flex;flex-wrap:wrap;gap:.5rem 1rem;margin:1rem 0}
progress{width:12rem;max-width:100%}
td.details{overflow-wrap:anywhere;min-width:12rem;font-family:ui-monospace,monospace;font-size:.875rem}
`;
