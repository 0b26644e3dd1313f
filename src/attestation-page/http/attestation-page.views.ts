import type { FieldErrors } from '@lib/core';
import type { AttestationPage } from '../application/attestation-page';
import type { Attestation } from '../domain/attestation';
import { TYPED_NAME_MAX_LENGTH } from '../domain/attestation';
import { DECLINE_REASON_MAX_LENGTH } from '../../attestation-requests/domain/attestation-request';
import { SIGNER_TEXTS as T } from './signer-texts';
import { renderDocumentContent } from './document-content';
import { html, SafeHtml } from './html';
import { PAGE_CSS } from './page-style';

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
  errors?: FieldErrors;
}

/** The document and the signature form; with the errors of a rejected submission (422) when there are any. */
export function openPage(page: AttestationPage, form: SignatureForm): RenderedPage {
  const { organizationName, documentName, request, revision } = page;
  const errors = form.errors ?? {};
  const hasErrors = Object.keys(errors).length > 0;
  const main = html` <h1>${documentName}</h1>
    <p class="lede">${organizationName} asks you to read this document and sign it by typing your full name.</p>
    ${
      request.recipientMessage?.trim()
        ? html`<section class="message" aria-labelledby="message-heading">
            <h2 id="message-heading">Message from ${organizationName}</h2>
            <p>${request.recipientMessage}</p>
          </section>`
        : null
    }
    <section aria-labelledby="document-heading">
      <h2 id="document-heading">The document</h2>
      <div class="document">${renderDocumentContent(revision)}</div>
      <p class="fingerprint">Fingerprint of this text (SHA-256): <code>${revision.contentSha256}</code></p>
    </section>
    <form class="sign" method="post" action="${form.pagePath}" novalidate aria-labelledby="sign-heading">
      <h2 id="sign-heading">Sign the document</h2>
      ${hasErrors ? errorSummary(errors) : null}
      <input type="hidden" name="_form" value="${form.formToken}" />
      <input type="hidden" name="content_sha256" value="${revision.contentSha256}" />
      <div class="field${errors.typed_name ? ' field-error' : ''}">
        <label for="typed_name">Your full name</label>
        <p class="hint" id="typed_name-hint">Typing your name here is your electronic signature.</p>
        ${fieldError('typed_name', errors)}
        <input
          type="text"
          id="typed_name"
          name="typed_name"
          autocomplete="name"
          spellcheck="false"
          maxlength="${TYPED_NAME_MAX_LENGTH}"
          value="${form.typedName ?? ''}"
          aria-describedby="typed_name-hint${errors.typed_name ? ' typed_name-error' : ''}"
          ${invalid('typed_name', errors)}
        />
      </div>
      <div class="field${errors.consent ? ' field-error' : ''}">
        ${fieldError('consent', errors)}
        <div class="consent">
          <input
            type="checkbox"
            id="consent"
            name="consent"
            value="yes"
            ${errors.consent ? html` aria-describedby="consent-error"` : null}${invalid('consent', errors)}
          />
          <label for="consent">${consentStatement(documentName)}</label>
        </div>
      </div>
      <p class="notice" id="recording-notice">${T.recordingNotice}</p>
      <button type="submit" aria-describedby="recording-notice">Sign the document</button>
    </form>
    ${declineForm(page, form)}`;
  return {
    status: hasErrors ? 422 : 200,
    body: layout({ title: `${hasErrors ? 'Error: ' : ''}Sign “${documentName}”`, organizationName, main }),
  };
}

/** Saying no: folded away under the signature form, open again when its reason was refused. */
function declineForm(page: AttestationPage, form: SignatureForm): SafeHtml {
  const errors = form.errors ?? {};
  const refused = errors.decline_reason !== undefined;
  return html`<details class="decline" ${refused ? html`open` : null}>
    <summary>${T.declineSummary}</summary>
    <form method="post" action="${form.pagePath}/decline" novalidate aria-labelledby="decline-heading">
      <h2 id="decline-heading">${T.declineHeading}</h2>
      <p>${T.declineExplanation(page.organizationName)}</p>
      <input type="hidden" name="_form" value="${form.formToken}" />
      <div class="field${refused ? ' field-error' : ''}">
        <label for="decline_reason">${T.declineReasonLabel}</label>
        <p class="hint" id="decline_reason-hint">${T.declineReasonHint(DECLINE_REASON_MAX_LENGTH)}</p>
        ${fieldError('decline_reason', errors)}
        <textarea
          id="decline_reason"
          name="decline_reason"
          rows="4"
          dir="auto"
          maxlength="${DECLINE_REASON_MAX_LENGTH}"
          aria-describedby="decline_reason-hint${refused ? ' decline_reason-error' : ''}"
          ${invalid('decline_reason', errors)}
        >
${form.declineReason ?? ''}</textarea>
      </div>
      <button type="submit" class="secondary">${T.declineButton}</button>
    </form>
  </details>`;
}

/** The confirmation right after declining. */
export function declinedPage(page: AttestationPage): RenderedPage {
  const title = T.declinedTitle(page.documentName);
  const main = html`<div class="panel closed">
    <h1>${title}</h1>
    <p>${T.declinedText(page.organizationName)}</p>
  </div>`;
  return { status: 200, body: layout({ title, organizationName: page.organizationName, main }) };
}

function consentStatement(documentName: string): SafeHtml {
  return html`I have read “${documentName}” and I agree that typing my name above is my electronic signature of it.`;
}

/** The confirmation right after signing. */
export function signedPage(page: AttestationPage, attestation: Attestation): RenderedPage {
  const main = html` <div class="panel done">
    <h1>You have signed “${page.documentName}”</h1>
    <p>
      Thank you, ${attestation.typedName}. Your signature was recorded for ${page.organizationName} on
      ${when(attestation.attestedAt)}.
    </p>
    <p class="fingerprint">Fingerprint of the text you signed (SHA-256): <code>${attestation.contentSha256}</code></p>
    <p>There is nothing more to do. You can close this page.</p>
  </div>`;
  return {
    status: 200,
    body: layout({ title: `Signed “${page.documentName}”`, organizationName: page.organizationName, main }),
  };
}

/** A request that can no longer be signed: never the form. */
export function closedPage(page: AttestationPage): RenderedPage {
  const { organizationName, documentName, request } = page;
  const closed = (status: number, title: string, text: SafeHtml, done = false): RenderedPage => ({
    status,
    body: layout({
      title,
      organizationName,
      main: html`<div class="panel ${done ? 'done' : 'closed'}">
        <h1>${title}</h1>
        ${text}
      </div>`,
    }),
  });
  switch (page.state) {
    case 'attested':
      return closed(
        200,
        `You have already signed “${documentName}”`,
        html`<p>Your signature was recorded on ${when(request.attestedAt!)}. There is nothing more to do.</p>`,
        true,
      );
    case 'canceled':
      if (request.cancelReason === 'declined') {
        return closed(
          410,
          T.alreadyDeclinedTitle,
          html`<p>${T.alreadyDeclinedText(documentName, organizationName)}</p>`,
        );
      }
      return closed(
        410,
        'This request was canceled',
        html`<p>${organizationName} canceled its request to sign “${documentName}”, so there is nothing to sign.</p>
          <p>If you think this is a mistake, contact ${organizationName}.</p>`,
      );
    case 'expired':
      return closed(
        410,
        'This request has expired',
        html`<p>The request to sign “${documentName}” expired on ${when((request.expiredAt ?? request.expiresAt)!)}.</p>
          <p>If you still need to sign it, ask ${organizationName} to send you a new request.</p>`,
      );
    case 'open':
      throw new Error('an open request shows the form, not a closed page');
    case 'on_hold':
      return closed(
        409,
        'This request is on hold',
        html`<p>
            The latest email from ${organizationName} about “${documentName}” could not be delivered to you, so this
            request is paused.
          </p>
          <p>Ask ${organizationName} to send it again; you can sign once it has been sent.</p>`,
      );
  }
}

/** The form did not come from this page in this browser (see FormProtection). */
export function forgedFormPage(page: AttestationPage): RenderedPage {
  const main = html` <div class="panel closed">
    <h1>This form has expired</h1>
    <p>
      Nothing was signed. For your security, the signature form only works when it was opened from its own page in this
      browser.
    </p>
    <p><a href="">Open the page again</a> and sign from there.</p>
  </div>`;
  return {
    status: 403,
    body: layout({ title: 'This form has expired', organizationName: page.organizationName, main }),
  };
}

/** A page for a failure: unknown link, too many attempts, unreadable form, server trouble. */
export function problemPage(status: number, title: string, explanation: string): RenderedPage {
  const main = html`<div class="panel closed">
    <h1>${title}</h1>
    <p>${explanation}</p>
  </div>`;
  return { status, body: layout({ title, main }) };
}

/** Built outside the template, so that formatting the code can never change the text the CSP hash allows. */
const STYLE = new SafeHtml('<style>' + PAGE_CSS + '</style>');

function layout(input: { title: string; organizationName?: string; main: SafeHtml }): string {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="referrer" content="no-referrer" />
        <meta name="robots" content="noindex, nofollow" />
        <title>${input.title}${input.organizationName ? ` – ${input.organizationName}` : ''}</title>
        ${STYLE}
      </head>
      <body>
        <a class="skip" href="#main">Skip to main content</a>
        <header class="masthead"><p>${input.organizationName ?? 'Document signing'}</p></header>
        <main id="main">${input.main}</main>
        <footer>
          <p>Electronic signature by typed name.</p>
        </footer>
      </body>
    </html> `.value;
}

function errorSummary(errors: FieldErrors): SafeHtml {
  const targets: Record<string, string> = {
    decline_reason: 'decline_reason',
    typed_name: 'typed_name',
    consent: 'consent',
    document: 'document-heading',
  };
  return html`<div class="error-summary" role="alert" aria-labelledby="error-summary-title" tabindex="-1" autofocus>
    <h2 id="error-summary-title">There is a problem</h2>
    <ul>
      ${Object.entries(errors).map(([field, messages]) =>
        messages.map((message) => html`<li><a href="#${targets[field] ?? field}">${message}</a></li>`),
      )}
    </ul>
  </div>`;
}

function fieldError(field: string, errors: FieldErrors): SafeHtml | null {
  const message = errors[field]?.[0];
  return message
    ? html`<p class="error" id="${field}-error"><span class="visually-hidden">Error:</span> ${message}</p>`
    : null;
}

function invalid(field: string, errors: FieldErrors): SafeHtml | null {
  return errors[field] ? html` aria-invalid="true"` : null;
}

const DATE_FORMAT = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });

function when(date: Date): SafeHtml {
  return html`<time datetime="${date.toISOString()}">${DATE_FORMAT.format(date)} UTC</time>`;
}
