import type { WebhookDelivery } from '../../webhooks/domain/webhook-delivery';
import type { WebhookEndpoint } from '../../webhooks/domain/webhook-endpoint';
import type { ManagingContext } from '../http/console-door';
import { formatTime, Layout, PostForm } from './layout';
import { Notice } from './pager';
import { RowsTable } from './table';

/** A secret just made (creation, rotation): shown on this answer only, as a token is. */
function NewSecret(props: { secret?: string }) {
  return props.secret ? (
    <section class="created" aria-labelledby="secret-title">
      <h2 id="secret-title">The signing secret</h2>
      <p>Copy it now: it is shown only this once.</p>
      <p>
        <code class="secret" data-secret>
          {props.secret}
        </code>
      </p>
    </section>
  ) : null;
}

/** The organization's webhook endpoints; add one. */
export function WebhooksPage(props: {
  context: ManagingContext;
  csrf: string;
  endpoints: WebhookEndpoint[];
  secret?: string;
}) {
  const { context, csrf, endpoints } = props;
  return (
    <Layout title="Webhooks" context={context} csrf={csrf} section="webhooks">
      <NewSecret secret={props.secret} />
      <RowsTable
        label="Endpoints"
        columns={['Endpoint', 'Description', 'Status', 'Failing since']}
        rows={endpoints}
        empty="No endpoint yet."
        row={(endpoint) => (
          <tr>
            <td class="details">
              <a href={`/console/webhooks/${endpoint.id}`}>{endpoint.url}</a>
            </td>
            <td>{endpoint.description ?? ''}</td>
            <td>{endpoint.enabled ? 'Enabled' : 'Disabled'}</td>
            <td>{formatTime(endpoint.failingSince)}</td>
          </tr>
        )}
      />
      <h2>Add an endpoint</h2>
      <PostForm action="/console/webhooks" csrf={csrf} class="stack">
        <label for="url">URL (https)</label>
        <input id="url" name="url" type="url" required maxLength={2048} />
        <label for="description">Description (optional)</label>
        <input id="description" name="description" maxLength={255} />
        <button type="submit">Add the endpoint</button>
      </PostForm>
    </Layout>
  );
}

/** One endpoint: change or disable it, rotate its secret, send a test event, and its recent deliveries. */
export function WebhookPage(props: {
  context: ManagingContext;
  csrf: string;
  endpoint: WebhookEndpoint;
  deliveries: WebhookDelivery[];
  secret?: string;
  notice?: string;
}) {
  const { context, csrf, endpoint } = props;
  const action = (path: string) => `/console/webhooks/${endpoint.id}/${path}`;
  return (
    <Layout title="Webhook endpoint" context={context} csrf={csrf} section="webhooks">
      <Notice text={props.notice} />
      <NewSecret secret={props.secret} />
      <p class="details">{endpoint.url}</p>
      <PostForm action={`/console/webhooks/${endpoint.id}`} csrf={csrf} class="stack">
        <label for="url">URL (https)</label>
        <input id="url" name="url" type="url" required maxLength={2048} value={endpoint.url} />
        <label for="description">Description (optional)</label>
        <input id="description" name="description" maxLength={255} value={endpoint.description ?? ''} />
        <label>
          <input type="checkbox" name="enabled" value="1" checked={endpoint.enabled} /> Enabled
        </label>
        <button type="submit">Save</button>
      </PostForm>
      <PostForm action={action('test')} csrf={csrf} class="inline">
        <button type="submit" class="secondary">
          Send a test event
        </button>
      </PostForm>{' '}
      <PostForm action={action('rotate-secret')} csrf={csrf} class="inline">
        <button type="submit" class="danger">
          Rotate the secret
        </button>
      </PostForm>
      <h2>Recent deliveries</h2>
      <RowsTable
        label="Deliveries"
        columns={['Event', 'Attempt', 'Status', 'Response', 'Took', 'At', 'Action']}
        rows={props.deliveries}
        empty="None yet."
        row={(delivery) => (
          <tr>
            <td>{delivery.eventType}</td>
            <td>{delivery.attempt}</td>
            <td>{delivery.status}</td>
            <td class="details">{delivery.responseStatus ?? delivery.error ?? '—'}</td>
            <td>{delivery.durationMs === null ? '—' : `${delivery.durationMs} ms`}</td>
            <td>{formatTime(delivery.createdAt)}</td>
            <td>
              {delivery.status === 'failed' ? (
                <PostForm action={action(`deliveries/${delivery.id}/redeliver`)} csrf={csrf} class="inline">
                  <button
                    type="submit"
                    class="secondary"
                    aria-label={`Deliver again: attempt ${delivery.attempt} of ${delivery.eventType}`}
                  >
                    Deliver again
                  </button>
                </PostForm>
              ) : null}
            </td>
          </tr>
        )}
      />
    </Layout>
  );
}
