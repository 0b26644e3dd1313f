import type { INestApplicationContext } from '@nestjs/common';
import type request from 'supertest';
import { extractText, getDocumentProxy } from 'unpdf';
import { FixedClock, SUPPORTED_LANGUAGES, type SupportedLanguage } from '@lib/core';
import { MESSAGES, Translator } from '../../src/i18n/translator';
import { openForm, publishDocument, submitForm } from '../support/attestation-page-fixtures';
import { createTenant, Tenant } from '../support/fixtures';
import { startWorker } from '../support/membership-fixtures';
import { SmtpCapture, startSmtpCapture } from '../support/smtp-capture';
import { startTestApp, TestApp } from '../support/test-app';

/** Words of each language that English never uses, so a page or email left in English cannot pass. */
const SAMPLE: Record<SupportedLanguage, { locale: string; greeting: string; signButton: string; title: string }> = {
  en: { locale: 'en', greeting: 'Hello', signButton: 'Sign the document', title: 'Certificate of completion' },
  fr: { locale: 'fr-CA', greeting: 'Bonjour', signButton: 'Signer le document', title: 'Certificat d’achèvement' },
  de: { locale: 'de', greeting: 'Hallo', signButton: 'Dokument unterschreiben', title: 'Abschlusszertifikat' },
  es: { locale: 'es', greeting: 'Hola', signButton: 'Firmar el documento', title: 'Certificado de finalización' },
  it: { locale: 'it', greeting: 'Gentile', signButton: 'Firma il documento', title: 'Certificato di completamento' },
  nl: {
    locale: 'nl-BE',
    greeting: 'Beste',
    signButton: 'Het document ondertekenen',
    title: 'Certificaat van voltooiing',
  },
  pt: { locale: 'pt-BR', greeting: 'Olá', signButton: 'Assinar o documento', title: 'Certificado de conclusão' },
};

const binary = (call: request.Test) =>
  call.buffer(true).parse((response, done) => {
    const chunks: Buffer[] = [];
    response.on('data', (chunk: Buffer) => chunks.push(chunk));
    response.on('end', () => done(null, Buffer.concat(chunks)));
  });

async function pdfText(body: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(body)), { mergePages: true });
  return text;
}

/** Tags and entities out, for comparing a page's words with a message. */
const words = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

/**
 * The signer's side in each supported language, end to end: the request email through the worker and SMTP, the
 * attestation page and its confirmation over HTTP, and the certificate PDF, each in the person's locale (or the
 * organization's default), with dates formatted for that locale.
 */
describe("the signer's side in every language", () => {
  const clock = new FixedClock(new Date('2026-11-22T10:00:00.000Z'));
  let smtp: SmtpCapture;
  let t: TestApp;
  let worker: INestApplicationContext;
  let tenant: Tenant;
  let n = 0;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await startTestApp({ clock, env: { SMTP_URL: smtp.url, RATE_LIMIT_PER_MINUTE: '100000' } });
    worker = await startWorker(t);
    tenant = await createTenant(t.app, { name: 'Acme' });
  }, 60_000);
  afterAll(async () => {
    await worker.close();
    await t.close();
    await smtp.close();
  });

  /** A person of the tenant (through the API, with the given locale) sent one document. */
  async function sendTo(input: { locale?: string | null; firstName?: string; who?: Tenant }) {
    const who = input.who ?? tenant;
    const email = `signer${n++}.${Date.now().toString(36)}@example.test`;
    const { body: person } = await t.http
      .post('/api/v1/people')
      .set(who.auth)
      .send({ first_name: input.firstName ?? 'Ada', last_name: 'Lovelace', email, locale: input.locale })
      .expect(201);
    const document = await publishDocument(t.app, who.organizationId, { name: `Policy ${n}` });
    const { body: sent } = await t.http
      .post('/api/v1/attestation-requests')
      .set(who.auth)
      .send({ person_id: person.id, document_id: document.id })
      .expect(201);
    const [message] = await waitForEmailTo(email);
    const link = /http:\/\/api\.test(\/attest\/[A-Za-z0-9_-]{43})/.exec(message.text)?.[1];
    if (!link) throw new Error(`no link in ${message.text}`);
    return { person, document, requestId: sent.id as string, message, path: link };
  }

  async function waitForEmailTo(address: string) {
    const deadline = Date.now() + 20_000;
    while (smtp.to(address).length === 0) {
      if (Date.now() > deadline) throw new Error(`no email reached ${address}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return smtp.to(address);
  }

  it.each(SUPPORTED_LANGUAGES)(
    'writes the email, the page, the confirmation and the certificate in %s',
    async (language) => {
      const sample = SAMPLE[language];
      const tr = Translator.for(sample.locale);
      const { document, requestId, message, path } = await sendTo({ locale: sample.locale });

      // The request email.
      expect(message.subject).toBe(
        tr.text('email.request.subject', { organization: 'Acme', count: 1, document: document.name }),
      );
      expect(message.text).toContain(`${sample.greeting}`);
      expect(message.text).toContain(tr.text('email.greeting', { name: 'Ada Lovelace' }));
      expect(message.text).toContain(tr.text('email.closing', { count: 1 }));
      expect(message.html).toContain(`<html lang="${sample.locale}">`);

      // The page, its form errors, and the confirmation after signing, with the date in the locale.
      const form = await openForm(t, path);
      expect(form.html).toContain(`<html lang="${sample.locale}">`);
      expect(form.html).toContain(sample.signButton);
      expect(words(form.html)).toContain(tr.text('page.open.lede', { organization: 'Acme' }));
      const refused = await submitForm(t, path, form, { consent: null }).expect(422);
      expect(words(refused.text)).toContain(MESSAGES[language]['page.form.consentRequired']);
      const signed = await submitForm(t, path, form).expect(200);
      expect(words(signed.text)).toContain(
        tr.text('page.signed.thanks', {
          name: 'Ada Lovelace',
          organization: 'Acme',
          date: tr.time(clock.now(), 'sentence'),
        }),
      );

      // The certificate of completion.
      const certificate = await binary(
        t.http.get(`/api/v1/attestation-requests/${requestId}/certificate`).set(tenant.auth),
      ).expect(200);
      const text = await pdfText(certificate.body);
      expect(text).toContain(sample.title);
      expect(text).toContain(tr.text('certificate.status', { date: tr.time(clock.now(), 'stamp') }));
      expect(text).toContain(tr.text('certificate.event.attested'));
      if (language !== 'en') expect(text).not.toContain('Certificate of completion');
    },
    60_000,
  );

  it("speaks the organization's default_locale to people without a locale of their own", async () => {
    const german = await createTenant(t.app, { name: 'Muster GmbH' });
    await t.http.patch('/api/v1/organization').set(german.auth).send({ default_locale: 'de' }).expect(200);
    const { message, path } = await sendTo({ who: german, locale: null });
    expect(message.subject).toContain('bittet Sie');
    expect(message.text).toContain('Hallo Ada Lovelace,');
    const page = await t.http.get(path).expect(200);
    expect(page.text).toContain('<html lang="de">');
    expect(page.text).toContain('Dokument unterschreiben');
  });

  it('shows a right-to-left name in its own direction in the HTML', async () => {
    const { message, path } = await sendTo({ locale: 'fr', firstName: 'مرحبا' });
    expect(message.html).toContain('<p>Bonjour <bdi>مرحبا Lovelace</bdi>,</p>');
    const form = await openForm(t, path);
    expect(form.html).toMatch(/<input[^>]*dir="auto"/);
    const signed = await submitForm(t, path, form, { typed_name: 'مرحبا\u202eevil' }).expect(200);
    // The override stays inside its <bdi>: it cannot reverse the sentence around the name.
    expect(signed.text).toContain('Merci, <bdi>مرحبا\u202eevil</bdi>.');
  });

  it("answers a page shown before anyone is known in the browser's language", async () => {
    const unknown = await t.http
      .get(`/attest/${'x'.repeat(43)}`)
      .set('Accept-Language', 'ja, es-MX;q=0.9, en;q=0.5')
      .expect(404);
    expect(unknown.text).toContain('<html lang="es-MX">');
    expect(unknown.text).toContain('Este enlace no es válido');
    const english = await t.http.get(`/attest/${'x'.repeat(43)}`).expect(404);
    expect(english.text).toContain('This link is not valid');
  });
});
