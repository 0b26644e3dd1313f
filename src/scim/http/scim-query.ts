import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { Window } from '../application/scim-directory';
import { ScimError } from '../domain/scim-error';

/** The most a page answers (ServiceProviderConfig's `filter.maxResults`), and what it answers without `count`. */
export const SCIM_MAX_RESULTS = 200;
export const SCIM_DEFAULT_COUNT = 100;

export interface ListQuery {
  startIndex: number;
  window: Window;
  filter: string | null;
  attributes: string[] | null;
  excludedAttributes: string[];
}

/**
 * The query of a list (RFC 7644 §3.4.2). `startIndex` below 1 and `count` above the maximum are refused
 * (`invalidValue`) rather than quietly changed, so a client never mistakes a page for the one it asked for.
 */
export function listQuery(query: Record<string, unknown>): ListQuery {
  const startIndex = integer(query.startIndex, 'startIndex', 1);
  if (startIndex < 1) throw ScimError.badRequest('invalidValue', 'startIndex must be 1 or more.');
  const count = integer(query.count, 'count', SCIM_DEFAULT_COUNT);
  if (count < 0 || count > SCIM_MAX_RESULTS) {
    throw ScimError.badRequest('invalidValue', `count must be between 0 and ${SCIM_MAX_RESULTS}.`);
  }
  const filter = single(query.filter, 'filter');
  return {
    startIndex,
    window: { offset: startIndex - 1, limit: count },
    filter: filter === undefined || filter.trim() === '' ? null : filter,
    ...projection(query),
  };
}

/** `attributes=` and `excludedAttributes=`: comma-separated attribute names, compared ignoring case. */
export function projection(query: Record<string, unknown>): Projection {
  const names = (value: unknown, name: string) =>
    (single(value, name) ?? '')
      .split(',')
      .map((item) =>
        item
          .trim()
          .replace(/^urn:ietf:params:scim:schemas:core:2\.0:(User|Group):/i, '')
          .toLowerCase(),
      )
      .filter((item) => item !== '');
  const attributes = names(query.attributes, 'attributes');
  return {
    attributes: attributes.length > 0 ? attributes : null,
    excludedAttributes: names(query.excludedAttributes, 'excludedAttributes'),
  };
}

function single(value: unknown, name: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw ScimError.badRequest('invalidValue', `${name} must be given once.`);
  return value;
}

function integer(value: unknown, name: string, fallback: number): number {
  const text = single(value, name);
  if (text === undefined || text === '') return fallback;
  if (!/^-?\d{1,9}$/.test(text.trim())) throw ScimError.badRequest('invalidValue', `${name} must be an integer.`);
  return Number(text);
}

const queryOf = (context: ExecutionContext) =>
  context.switchToHttp().getRequest<Request>().query as Record<string, unknown>;

/** A list route's query, parsed (a refusal answers in SCIM's shape): `@ListParameters() query: ListQuery`. */
export const ListParameters = createParamDecorator((_: unknown, context: ExecutionContext) =>
  listQuery(queryOf(context)),
);

/** A resource route's `attributes=` and `excludedAttributes=`, parsed. */
export const ProjectionParameters = createParamDecorator((_: unknown, context: ExecutionContext) =>
  projection(queryOf(context)),
);

export type Projection = Pick<ListQuery, 'attributes' | 'excludedAttributes'>;
