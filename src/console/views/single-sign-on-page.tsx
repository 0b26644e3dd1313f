import type { SsoSettings } from '../../sign-in/domain/sso-settings';
import type { ManagingContext } from '../http/console-door';
import { Layout, PostForm } from './layout';

/** The organization's OpenID Connect provider; the client secret is never shown back. */
export function SingleSignOnPage(props: {
  context: ManagingContext;
  csrf: string;
  settings: SsoSettings | null;
  saved: boolean;
  signInAddress: string;
  redirectUri: string;
}) {
  const { context, csrf, settings } = props;
  return (
    <Layout title="Single sign-on" context={context} csrf={csrf} section="single-sign-on">
      {props.saved && (
        <p class="notice" role="status">
          Single sign-on is saved.
        </p>
      )}
      <p>
        Register this redirect URI with your OpenID Provider: <code class="details">{props.redirectUri}</code>
      </p>
      {settings && (
        <p>
          Members sign in at <a href={props.signInAddress}>{props.signInAddress}</a>
        </p>
      )}
      <PostForm action="/console/single-sign-on" csrf={csrf} class="stack">
        <label for="issuer">Issuer URL</label>
        <input id="issuer" name="issuer" type="url" required value={settings?.issuer ?? ''} />
        <label for="client_id">Client id</label>
        <input id="client_id" name="client_id" required maxLength={255} value={settings?.clientId ?? ''} />
        <label for="client_secret">Client secret{settings ? ' (leave empty to keep the one saved)' : ''}</label>
        <input id="client_secret" name="client_secret" type="password" autocomplete="off" />
        <label for="allowed_domains">Allowed email domains, separated by commas</label>
        <input id="allowed_domains" name="allowed_domains" required value={settings?.allowedDomains.join(', ') ?? ''} />
        <label class="check">
          <input type="checkbox" name="required" value="yes" checked={settings?.required ?? false} /> Require single
          sign-on (no email links for this organization's users)
        </label>
        <button type="submit">Save single sign-on</button>
      </PostForm>
    </Layout>
  );
}
