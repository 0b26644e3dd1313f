import type { Document } from '../../documents/domain/document';
import type { DocumentRevision } from '../../documents/domain/document-revision';
import type { ManagingContext } from '../http/console-door';
import { formatTime, Layout, PostForm } from './layout';
import { Notice } from './pager';

/** What the publish form was last sent with: its text, and the preview rendered as the attestation page does. */
export interface RevisionDraft {
  content: string;
  /** Sanitised HTML from the attestation page's renderer; absent until "Preview" is pressed. */
  previewHtml?: string;
}

/**
 * A document's settings, a new revision in Markdown (previewed before it is published) and its archival. Each form
 * carries the document's `updatedAt` as shown, so a change made meanwhile answers 409 instead of being overwritten.
 */
export function DocumentEditingPage(props: {
  context: ManagingContext;
  csrf: string;
  document: Document;
  /** The text as people sign it today: the form starts from it (null before the first revision). */
  latest?: DocumentRevision | null;
  draft?: RevisionDraft;
  notice?: string;
}) {
  const { context, csrf, document } = props;
  const action = (path: string) => `/console/documents/${document.id}/${path}`;
  const Stamp = () => <input type="hidden" name="updated_at" value={document.updatedAt.toISOString()} />;
  return (
    <Layout title={`Edit ${document.name}`} context={context} csrf={csrf} section="documents">
      <Notice text={props.notice} />
      <p>
        <a href={`/console/documents/${document.id}`}>Back to who has signed</a>
        {document.archivedAt ? ` · Archived ${formatTime(document.archivedAt)}` : ''}
      </p>
      <h2>Publish a new revision</h2>
      {props.latest && (
        <p>
          The form starts from the current revision, published {formatTime(props.latest.publishedAt!)}
          {props.latest.contentType === 'text/plain' ? ' as plain text (it will be published as Markdown)' : ''}.
        </p>
      )}
      <PostForm action={action('revisions')} csrf={csrf} class="stack">
        <Stamp />
        <label for="revision-text">
          The full text, in Markdown (it replaces the current revision for new attestations)
        </label>
        <textarea id="revision-text" name="content" rows={12} maxLength={200_000}>
          {props.draft?.content ?? ''}
        </textarea>
        <div>
          <button type="submit" name="intent" value="preview" class="secondary">
            Preview
          </button>{' '}
          <button type="submit" name="intent" value="publish">
            Publish
          </button>
        </div>
      </PostForm>
      {props.draft?.previewHtml !== undefined && (
        <section aria-labelledby="preview-title" class="preview">
          <h2 id="preview-title">Preview, as people will read it (not published yet)</h2>
          <div class="document-content" dangerouslySetInnerHTML={{ __html: props.draft.previewHtml }} />
        </section>
      )}
      <h2>Settings</h2>
      <PostForm action={action('settings')} csrf={csrf} class="stack">
        <Stamp />
        <label for="name">Name</label>
        <input id="name" name="name" required maxLength={255} value={document.name} />
        <label for="renewal">Renew every (days; empty for never)</label>
        <input
          id="renewal"
          name="renewal_interval_days"
          inputMode="numeric"
          value={document.renewalIntervalDays === null ? '' : String(document.renewalIntervalDays)}
        />
        <label>
          <input type="checkbox" name="requires_signature" value="1" checked={document.requiresSignature} /> Requires a
          signature
        </label>
        <label>
          <input type="checkbox" name="auto_renew" value="1" checked={document.autoRenew} /> Send renewal requests
          automatically
        </label>
        <button type="submit">Save the settings</button>
      </PostForm>
      <h2>{document.archivedAt ? 'Restore' : 'Archive'}</h2>
      <PostForm action={action(document.archivedAt ? 'restore' : 'archive')} csrf={csrf} class="inline">
        <Stamp />
        <button type="submit" class={document.archivedAt ? 'secondary' : 'danger'}>
          {document.archivedAt ? 'Restore the document' : 'Archive the document'}
        </button>
      </PostForm>
    </Layout>
  );
}
