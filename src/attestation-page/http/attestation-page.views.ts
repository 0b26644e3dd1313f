import { type HtmlValue, htmlMessage } from '../../i18n/html-message';
import { type MessageKey, Translator } from '../../i18n/translator';
import type { AttestationPage } from '../application/attestation-page';
import type { FormErrors } from '../application/form-outcome';
import type { Attestation } from '../domain/attestation';
import { TYPED_NAME_MAX_LENGTH } from '../domain/attestation';
import { DECLINE_REASON_MAX_LENGTH } from '../../attestation-requests/domain/attestation-request';
import { renderDocumentContent } from './document-content';
import { html, SafeHtml } from './html';
import { PAGE_CSS } from './page-style';

type ShownErrors = Record<string, string[]>;

/** A rendered page and the HTTP status it is answered with. */
export interface RenderedPage {
  status: number;
  body: string;
}

export interface SignatureForm {
  /** The hidden anti-forgery field (see FormProtection). */
  formToken: string;
  /** Where the page is (its forms post there, and to its `/decline`). */
  pagePath: string;
  typedName?: string;
  /** A reason for declining that was refused, shown again. */
  declineReason?: string;
  errors?: FormErrors;
}

/** The document and the signature form; with the errors of a rejected submission (422) when there are any. */
export function openPage(page: AttestationPage, form: SignatureForm): RenderedPage {
  const { organizationName, documentName, request, revision } = page;
  const t = Translator.for(page.locale);
  const say = (key: MessageKey, values?: Record<string, HtmlValue>) => new SafeHtml(htmlMessage(t, key, values));
  const errors = shownErrors(t, form.errors ?? {});
  const hasErrors = Object.keys(errors).length > 0;
  const main = html` <h1 dir="auto">${documentName}</h1>
    <p class="lede">${say('page.open.lede', { organization: organizationName })}</p>
    ${
      request.recipientMessage?.trim()
        ? html`<section class="message" aria-labelledby="message-heading">
            <h2 id="message-heading">${say('page.open.messageHeading', { organization: organizationName })}</h2>
            <p dir="auto">${request.recipientMessage}</p>
          </section>`
        : null
    }
    <section aria-labelledby="document-heading">
      <h2 id="document-heading">${t.text('page.open.documentHeading')}</h2>
      <div class="document" dir="auto">${renderDocumentContent(revision)}</div>
      <p class="fingerprint">${t.text('page.open.fingerprint')} <code>${revision.contentSha256}</code></p>
    </section>
    <form class="sign" method="post" action="${form.pagePath}" novalidate aria-labelledby="sign-heading">
      <h2 id="sign-heading">${t.text('page.open.signHeading')}</h2>
      ${hasErrors ? errorSummary(t, errors) : null}
      <input type="hidden" name="_form" value="${form.formToken}" />
      <input type="hidden" name="content_sha256" value="${revision.contentSha256}" />
      ${textField(t, errors, {
        name: 'typed_name',
        label: t.text('page.open.nameLabel'),
        hint: t.text('page.open.nameHint'),
        control: (tied) =>
          html`<input
            type="text"
            ${tied}
            autocomplete="name"
            spellcheck="false"
            maxlength="${TYPED_NAME_MAX_LENGTH}"
            value="${form.typedName ?? ''}"
          />`,
      })}
      <div class="field${errors.consent ? ' field-error' : ''}">
        ${fieldError(t, 'consent', errors)}
        <div class="consent">
          <input
            type="checkbox"
            id="consent"
            name="consent"
            value="yes"
            ${errors.consent ? html` aria-describedby="consent-error"` : null}${invalid('consent', errors)}
          />
          <label for="consent">${say('page.open.consent', { document: documentName })}</label>
        </div>
      </div>
      <p class="notice" id="recording-notice">${t.text('page.notice.recording')}</p>
      <button type="submit" aria-describedby="recording-notice">${t.text('page.open.signButton')}</button>
    </form>
    ${declineForm(t, page, form, errors)}`;
  const title = t.text('page.open.title', { document: documentName });
  return {
    status: hasErrors ? 422 : 200,
    body: layout(t, { title: hasErrors ? t.text('page.errorTitle', { title }) : title, organizationName, main }),
  };
}

/** The form's errors in the signer's language. */
function shownErrors(t: Translator, errors: FormErrors): ShownErrors {
  return Object.fromEntries(
    Object.entries(errors).map(([field, keys]) => [
      field,
      (keys ?? []).map((key) =>
        t.text(key, { max: field === 'decline_reason' ? DECLINE_REASON_MAX_LENGTH : TYPED_NAME_MAX_LENGTH }),
      ),
    ]),
  );
}

/** Saying no: folded away under the signature form, open again when its reason was refused. */
function declineForm(t: Translator, page: AttestationPage, form: SignatureForm, errors: ShownErrors): SafeHtml {
  const refused = errors.decline_reason !== undefined;
  const explanation = htmlMessage(t, 'page.decline.explanation', { organization: page.organizationName });
  return html`<details class="decline" ${refused ? html`open` : null}>
    <summary>${t.text('page.decline.summary')}</summary>
    <form method="post" action="${form.pagePath}/decline" novalidate aria-labelledby="decline-heading">
      <h2 id="decline-heading">${t.text('page.decline.heading')}</h2>
      <p>${new SafeHtml(explanation)}</p>
      <input type="hidden" name="_form" value="${form.formToken}" />
      ${textField(t, errors, {
        name: 'decline_reason',
        label: t.text('page.decline.reasonLabel'),
        hint: t.text('page.decline.reasonHint', { max: DECLINE_REASON_MAX_LENGTH }),
        control: (tied) =>
          html`<textarea ${tied} rows="4" maxlength="${DECLINE_REASON_MAX_LENGTH}">
${form.declineReason ?? ''}</textarea>`,
      })}
      <button type="submit" class="secondary">${t.text('page.decline.button')}</button>
    </form>
  </details>`;
}

/** The confirmation right after declining. */
export function declinedPage(page: AttestationPage): RenderedPage {
  const t = Translator.for(page.locale);
  const names = { organization: page.organizationName, document: page.documentName };
  const main = html`<div class="panel closed">
    <h1>${new SafeHtml(htmlMessage(t, 'page.declined.title', names))}</h1>
    <p>${new SafeHtml(htmlMessage(t, 'page.declined.text', names))}</p>
  </div>`;
  return {
    status: 200,
    body: layout(t, { title: t.text('page.declined.title', names), organizationName: page.organizationName, main }),
  };
}

/** The confirmation right after signing. */
export function signedPage(page: AttestationPage, attestation: Attestation): RenderedPage {
  const t = Translator.for(page.locale);
  const say = (key: MessageKey, values?: Record<string, HtmlValue>) => new SafeHtml(htmlMessage(t, key, values));
  const main = html` <div class="panel done">
    <h1>${say('page.signed.heading', { document: page.documentName })}</h1>
    <p>
      ${say('page.signed.thanks', {
        name: attestation.typedName,
        organization: page.organizationName,
        date: when(t, attestation.attestedAt),
      })}
    </p>
    <p class="fingerprint">${t.text('page.signed.fingerprint')} <code>${attestation.contentSha256}</code></p>
    <p>${t.text('page.signed.done')}</p>
  </div>`;
  return {
    status: 200,
    body: layout(t, {
      title: t.text('page.signed.title', { document: page.documentName }),
      organizationName: page.organizationName,
      main,
    }),
  };
}

/** A request that can no longer be signed: never the form. */
export function closedPage(page: AttestationPage): RenderedPage {
  const { organizationName, documentName, request } = page;
  const t = Translator.for(page.locale);
  const say = (key: MessageKey, values?: Record<string, HtmlValue>) => new SafeHtml(htmlMessage(t, key, values));
  const names = { organization: organizationName, document: documentName };
  const closed = (status: number, title: MessageKey, text: SafeHtml, done = false): RenderedPage => ({
    status,
    body: layout(t, {
      title: t.text(title, names),
      organizationName,
      main: html`<div class="panel ${done ? 'done' : 'closed'}">
        <h1>${say(title, names)}</h1>
        ${text}
      </div>`,
    }),
  });
  switch (page.state) {
    case 'attested':
      return closed(
        200,
        'page.attested.title',
        html`<p>${say('page.attested.text', { date: when(t, request.attestedAt!) })}</p>`,
        true,
      );
    case 'canceled':
      if (request.cancelReason === 'declined') {
        return closed(410, 'page.alreadyDeclined.title', html`<p>${say('page.alreadyDeclined.text', names)}</p>`);
      }
      return closed(
        410,
        'page.canceled.title',
        html`<p>${say('page.canceled.text', names)}</p>
          <p>${say('page.canceled.contact', names)}</p>`,
      );
    case 'expired':
      return closed(
        410,
        'page.expired.title',
        html`<p>${say('page.expired.text', { ...names, date: when(t, (request.expiredAt ?? request.expiresAt)!) })}</p>
          <p>${say('page.expired.contact', names)}</p>`,
      );
    case 'open':
      throw new Error('an open request shows the form, not a closed page');
    case 'on_hold':
      return closed(
        409,
        'page.onHold.title',
        html`<p>${say('page.onHold.text', names)}</p>
          <p>${say('page.onHold.contact', names)}</p>`,
      );
  }
}

/** The form did not come from this page in this browser (see FormProtection). */
export function forgedFormPage(page: AttestationPage): RenderedPage {
  const t = Translator.for(page.locale);
  const again = htmlMessage(t, 'page.forged.again', {
    link: (chunks) => ({ html: `<a href="">${chunks.map((c) => (typeof c === 'string' ? c : c.html)).join('')}</a>` }),
  });
  const main = html` <div class="panel closed">
    <h1>${t.text('page.forged.title')}</h1>
    <p>${t.text('page.forged.text')}</p>
    <p>${new SafeHtml(again)}</p>
  </div>`;
  return {
    status: 403,
    body: layout(t, { title: t.text('page.forged.title'), organizationName: page.organizationName, main }),
  };
}

/** A page for a failure: unknown link, too many attempts, unreadable form, server trouble. */
export function problemPage(
  t: Translator,
  status: number,
  title: MessageKey,
  explanation: MessageKey,
  values: Record<string, HtmlValue> = {},
): RenderedPage {
  const main = html`<div class="panel closed">
    <h1>${t.text(title)}</h1>
    <p>${new SafeHtml(htmlMessage(t, explanation, values))}</p>
  </div>`;
  return { status, body: layout(t, { title: t.text(title), main }) };
}

/** Built outside the template, so that formatting the code can never change the text the CSP hash allows. */
const STYLE = new SafeHtml('<style>' + PAGE_CSS + '</style>');

function layout(t: Translator, input: { title: string; organizationName?: string; main: SafeHtml }): string {
  return html`<!doctype html>
    <html lang="${t.locale}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="referrer" content="no-referrer" />
        <meta name="robots" content="noindex, nofollow" />
        <title>${input.title}${input.organizationName ? ` – ${input.organizationName}` : ''}</title>
        ${STYLE}
      </head>
      <body>
        <a class="skip" href="#main">${t.text('page.skipLink')}</a>
        <header class="masthead"><p dir="auto">${input.organizationName ?? t.text('page.masthead')}</p></header>
        <main id="main">${input.main}</main>
        <footer>
          <p>${t.text('page.footer')}</p>
        </footer>
      </body>
    </html> `.value;
}

function errorSummary(t: Translator, errors: ShownErrors): SafeHtml {
  const targets: Record<string, string> = {
    decline_reason: 'decline_reason',
    typed_name: 'typed_name',
    consent: 'consent',
    document: 'document-heading',
  };
  return html`<div class="error-summary" role="alert" aria-labelledby="error-summary-title" tabindex="-1" autofocus>
    <h2 id="error-summary-title">${t.text('page.open.problemHeading')}</h2>
    <ul>
      ${Object.entries(errors).map(([field, messages]) =>
        messages.map((message) => html`<li><a href="#${targets[field] ?? field}">${message}</a></li>`),
      )}
    </ul>
  </div>`;
}

/**
 * A labelled text field with its hint and first error. `control` gets the attributes that tie the control to
 * them (id, name, `aria-describedby`, `aria-invalid`) and adds its own.
 */
function textField(
  t: Translator,
  errors: ShownErrors,
  field: { name: string; label: string; hint: string; control: (tied: SafeHtml) => SafeHtml },
): SafeHtml {
  const { name } = field;
  const describedBy = errors[name] ? `${name}-hint ${name}-error` : `${name}-hint`;
  return html`<div class="field${errors[name] ? ' field-error' : ''}">
    <label for="${name}">${field.label}</label>
    <p class="hint" id="${name}-hint">${field.hint}</p>
    ${fieldError(t, name, errors)}
    ${field.control(html`id="${name}" name="${name}" dir="auto" aria-describedby="${describedBy}"${invalid(name, errors)}`)}
  </div>`;
}

function fieldError(t: Translator, field: string, errors: ShownErrors): SafeHtml | null {
  const message = errors[field]?.[0];
  return message
    ? html`<p class="error" id="${field}-error">
        <span class="visually-hidden">${t.text('page.open.errorPrefix')}</span> ${message}
      </p>`
    : null;
}

function invalid(field: string, errors: ShownErrors): SafeHtml | null {
  return errors[field] ? html` aria-invalid="true"` : null;
}

/** A time in the signer's language, with its machine-readable form. */
function when(t: Translator, date: Date): { html: string } {
  return { html: html`<time datetime="${date.toISOString()}">${t.time(date, 'sentence')}</time>`.value };
}
