import type { ConsoleContext } from '../../sign-in/application/console-context';
import { Layout, PostForm, roleName } from './layout';

export function SignInPage(props: { csrf: string; notice?: string }) {
  return (
    <Layout title="Sign in">
      {props.notice && <p class="notice">{props.notice}</p>}
      <p class="lede">Enter the email address of your account. We will email you a link that signs you in.</p>
      <PostForm action="/console/sign-in" csrf={props.csrf} class="stack">
        <label for="email">Email address</label>
        <input id="email" name="email" type="email" autocomplete="email" required maxLength={255} />
        <button type="submit">Email me a sign-in link</button>
      </PostForm>
    </Layout>
  );
}

export function CheckEmailPage() {
  return (
    <Layout title="Check your email">
      <p class="lede">If this address belongs to a user, a link is on its way. It works once, within 15 minutes.</p>
      <p>
        <a href="/console/sign-in">Use another address</a>
      </p>
    </Layout>
  );
}

export function TooManyRequestsPage() {
  return (
    <Layout title="Too many sign-in requests">
      <p class="lede">Too many links were asked for this address or from this network. Try again in 15 minutes.</p>
    </Layout>
  );
}

/** An emailed link opens this page; the button uses it (a mail scanner that follows links uses nothing). */
export function RedeemLinkPage(props: { csrf: string; secret: string; next: string }) {
  return (
    <Layout title="Sign in to the console">
      <p class="lede">Continue to sign in with the link from your email.</p>
      <PostForm action="/console/link" csrf={props.csrf} class="stack">
        <input type="hidden" name="secret" value={props.secret} />
        <input type="hidden" name="next" value={props.next} />
        <button type="submit">Sign in</button>
      </PostForm>
    </Layout>
  );
}

export function OrganizationsPage(props: { context: ConsoleContext; csrf: string }) {
  const { context, csrf } = props;
  return (
    <Layout title="Choose an organization" context={context} csrf={csrf}>
      <p class="lede">You belong to several organizations. Choose the one to work in; you can switch at any time.</p>
      <ul class="choices">
        {context.organizations.map((organization) => (
          <li>
            <PostForm action="/console/organizations" csrf={csrf} class="inline">
              <input type="hidden" name="organization_id" value={organization.organizationId} />
              <button type="submit" aria-current={organization.organizationId === context.current?.organizationId}>
                {organization.organizationName}
              </button>{' '}
              <span class="muted">{roleName(organization.role)}</span>
            </PostForm>
          </li>
        ))}
      </ul>
    </Layout>
  );
}

export function HomePage(props: { context: ConsoleContext; csrf: string }) {
  const { context, csrf } = props;
  return (
    <Layout title="Welcome" context={context} csrf={csrf} section="home">
      <p class="lede">Signed in as {context.user.email}.</p>
      <PostForm action="/console/sign-out-everywhere" csrf={csrf} class="inline">
        <button type="submit" class="secondary">
          Sign out everywhere
        </button>
      </PostForm>
    </Layout>
  );
}
