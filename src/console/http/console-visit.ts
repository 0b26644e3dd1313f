import { ArgumentMetadata, createParamDecorator, ExecutionContext, Injectable, PipeTransform } from '@nestjs/common';
import type { Request, Response } from 'express';
import { UlidPathPipe } from '@lib/http';
import type { Origin } from '../../audit-log/domain/audit-entry';
import type { Actor } from '../../identity/application/actor';
import type { ConsoleContext } from '../../sign-in/application/console-context';
import type { Viewer } from '../../standings/application/viewer';
import { actorIn, viewerIn } from './console-actor';
import { ConsoleDoor, ManagingContext } from './console-door';
import { noticeParam } from './console-query';

/**
 * Who may open a page: anyone (signing in), any signed-in user, any member working in an organization (the
 * compliance views, `ConsoleDoor.viewing`), or an owner or administrator there (`ConsoleDoor.managing`).
 */
export type ConsoleAccess = 'anyone' | 'signed-in' | 'viewing' | 'managing';

/** One request to a console page, once the door has checked it: who asks, its path ids, its form. */
export class ConsoleVisit<C extends ConsoleContext | null = ConsoleContext | null> {
  private token?: string;

  constructor(
    private readonly door: ConsoleDoor,
    readonly request: Request,
    private readonly response: Response,
    readonly context: C,
    /** The posted form, its CSRF token checked (`@Posted`); empty for `@Visit`. */
    readonly form: URLSearchParams,
    private readonly ids: Readonly<Record<string, string>>,
  ) {}

  /** The token this page's forms send back (before sign-in, it sets the nonce cookie it is made from). */
  get csrf(): string {
    return (this.token ??= this.door.formToken(this.request, this.response, this.context));
  }

  /** What every page's layout takes: who is signed in and the form token. */
  get chrome(): { context: C; csrf: string } {
    return { context: this.context, csrf: this.csrf };
  }

  get origin(): Origin {
    return this.door.origin(this.request);
  }

  /** A path id (`:id`), checked and lowercased as UlidPathPipe does, before the session was read. */
  id(name: string): string {
    const id = this.ids[name];
    if (id === undefined) throw new Error(`the console route has no path id "${name}"`);
    return id;
  }

  /** The notice a form's redirect asked for with `?done=`, in the page's words. */
  notice(notices: Parameters<typeof noticeParam>[1]): string | undefined {
    return noticeParam(this.request, notices);
  }
}

/** A member working in an organization, as the use-cases know them. */
export class MemberVisit extends ConsoleVisit<ManagingContext> {
  get organizationId(): string {
    return this.context.current.organizationId;
  }

  get actor(): Actor {
    return actorIn(this.context, this.origin);
  }

  get viewer(): Viewer {
    return viewerIn(this.context);
  }

  /** What a use-case of the organization takes to act on the member's behalf. */
  get acting(): { organizationId: string; actor: Actor } {
    return { organizationId: this.organizationId, actor: this.actor };
  }
}

interface VisitOptions {
  access: ConsoleAccess;
  posted: boolean;
}

interface Exchange {
  request: Request;
  response: Response;
}

/**
 * Checks a visit in the order the handlers did before it: the path ids (a malformed one is a 404, so a page that
 * cannot exist reads no session), then the session and the role, then the form's CSRF token. Every path
 * parameter of a route that takes a signed-in visit is an id (the CSV downloads, whose document id the use-case
 * checks after the session, read the door themselves).
 */
@Injectable()
export class ConsoleVisitPipe implements PipeTransform<Exchange, Promise<ConsoleVisit>> {
  private readonly pathIds = new UlidPathPipe();

  constructor(private readonly door: ConsoleDoor) {}

  async transform({ request, response }: Exchange, metadata: ArgumentMetadata): Promise<ConsoleVisit> {
    const { access, posted } = metadata.data as unknown as VisitOptions;
    const ids: Record<string, string> = {};
    if (access !== 'anyone') {
      for (const [name, value] of Object.entries(request.params)) ids[name] = this.pathIds.transform(String(value));
    }
    const context = await this.contextOf(access, request);
    const form = posted ? await this.door.form(request, context) : new URLSearchParams();
    if (access === 'viewing' || access === 'managing') {
      return new MemberVisit(this.door, request, response, context as ManagingContext, form, ids);
    }
    return new ConsoleVisit(this.door, request, response, context, form, ids);
  }

  private contextOf(access: ConsoleAccess, request: Request): Promise<ConsoleContext | null> {
    if (access === 'managing') return this.door.managing(request);
    if (access === 'viewing') return this.door.viewing(request);
    if (access === 'signed-in') return this.door.signedIn(request);
    return Promise.resolve(null);
  }
}

const VisitParam = createParamDecorator((_: unknown, context: ExecutionContext): Exchange => ({
  request: context.switchToHttp().getRequest<Request>(),
  response: context.switchToHttp().getResponse<Response>(),
}));

/** The visit of a page (`MemberVisit` for 'viewing' and 'managing'); the handler still answers with `@Res()`. */
export const Visit = (access: ConsoleAccess): ParameterDecorator =>
  VisitParam({ access, posted: false } satisfies VisitOptions, ConsoleVisitPipe);

/** The visit of a form's POST: as `Visit`, and then its form, once its CSRF token is checked. */
export const Posted = (access: ConsoleAccess): ParameterDecorator =>
  VisitParam({ access, posted: true } satisfies VisitOptions, ConsoleVisitPipe);
