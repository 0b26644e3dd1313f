import type { ComponentChildren } from 'preact';
import { hasFullApiAccess, type Role, ROLES } from '../../identity/domain/role';
import type { ConsoleContext } from '../../sign-in/application/console-context';

export interface PageChrome {
  /** Signed in: the navigation, the organization switcher and "sign out". */
  context?: ConsoleContext | null;
  /** The form token of this page (every POST carries it). */
  csrf?: string;
  /** Which navigation entry is the current page. */
  section?:
    | 'home'
    | 'documents'
    | 'people'
    | 'groups'
    | 'webhooks'
    | 'api-settings'
    | 'members'
    | 'audit-log'
    | 'single-sign-on';
  /** Reload the page after this many seconds (a running bulk action's progress), without JavaScript. */
  refreshSeconds?: number;
}

const ROLE_NAMES = { owner: 'Owner', administrator: 'Administrator', group_manager: 'Group manager' } as const;

export function roleName(role: keyof typeof ROLE_NAMES): string {
  return ROLE_NAMES[role];
}

/** Every console page: a skip link, the masthead, the navigation when signed in, then the page's own content. */
export function Layout(props: PageChrome & { title: string; children: ComponentChildren }) {
  const { context, csrf, section } = props;
  const current = context?.current ?? null;
  const manages = current !== null && hasFullApiAccess(current.role);
  return (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {props.refreshSeconds !== undefined && <meta http-equiv="refresh" content={String(props.refreshSeconds)} />}
        <title>{`${props.title} · Attestation console`}</title>
        <link rel="stylesheet" href="/console/console.css" />
      </head>
      <body>
        <a class="skip" href="#content">
          Skip to content
        </a>
        <header class="masthead">
          <div class="bar">
            <a class="brand" href="/console">
              Attestation console
            </a>
            {context && (
              <span class="who">
                {context.user.name}
                {current && ` · ${current.organizationName} (${roleName(current.role)})`}
              </span>
            )}
          </div>
          {context && (
            <nav aria-label="Console">
              <ul>
                <NavItem href="/console" label="Home" current={section === 'home'} />
                {current && <NavItem href="/console/documents" label="Overview" current={section === 'documents'} />}
                {current && <NavItem href="/console/people" label="People" current={section === 'people'} />}
                {current && <NavItem href="/console/groups" label="Groups" current={section === 'groups'} />}
                {manages && <NavItem href="/console/webhooks" label="Webhooks" current={section === 'webhooks'} />}
                {manages && (
                  <NavItem href="/console/api-settings" label="API settings" current={section === 'api-settings'} />
                )}
                {manages && <NavItem href="/console/members" label="Members" current={section === 'members'} />}
                {manages && <NavItem href="/console/audit-log" label="Audit log" current={section === 'audit-log'} />}
                {manages && (
                  <NavItem
                    href="/console/single-sign-on"
                    label="Single sign-on"
                    current={section === 'single-sign-on'}
                  />
                )}
                {context.organizations.length > 1 && (
                  <NavItem href="/console/organizations" label="Switch organization" />
                )}
              </ul>
              <form method="post" action="/console/sign-out" class="inline">
                <input type="hidden" name="_csrf" value={csrf} />
                <button type="submit" class="link">
                  Sign out
                </button>
              </form>
            </nav>
          )}
        </header>
        <main id="content">
          <h1>{props.title}</h1>
          {props.children}
        </main>
      </body>
    </html>
  );
}

function NavItem(props: { href: string; label: string; current?: boolean }) {
  return (
    <li>
      <a href={props.href} aria-current={props.current ? 'page' : undefined}>
        {props.label}
      </a>
    </li>
  );
}

/** The hidden field every console form carries. */
export function Csrf(props: { token: string }) {
  return <input type="hidden" name="_csrf" value={props.token} />;
}

/** A form that posts back to the console with the page's token: every POST without it is refused (CSRF). */
export function PostForm(props: { action: string; csrf: string; class?: string; children: ComponentChildren }) {
  return (
    <form method="post" action={props.action} class={props.class}>
      <Csrf token={props.csrf} />
      {props.children}
    </form>
  );
}

export function formatTime(date: Date | null): string {
  return date ? date.toISOString().replace('T', ' ').slice(0, 16) + ' UTC' : '—';
}

/** The roles to choose from in a `<select>`, `selected` chosen. */
export function RoleOptions(props: { selected: Role }) {
  return (
    <>
      {ROLES.map((role) => (
        <option value={role} selected={role === props.selected}>
          {roleName(role)}
        </option>
      ))}
    </>
  );
}
