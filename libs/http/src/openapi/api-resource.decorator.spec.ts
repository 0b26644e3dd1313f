import 'reflect-metadata';
import { DECORATORS } from '@nestjs/swagger';
import { ApiPathEndpoints, ApiTagEndpoints, ResourceEndpointOptions } from './api-resource.decorator';

class Person {}

const options: ResourceEndpointOptions = {
  operationId: 'showPerson',
  summary: 'Show a person',
  success: { status: 200, description: 'The person.', type: Person },
};

/** The OpenAPI metadata a method decorator leaves on a handler. */
function metadataOf(decorator: MethodDecorator) {
  class Controller {
    handler(): void {}
  }
  const descriptor = Object.getOwnPropertyDescriptor(Controller.prototype, 'handler')!;
  decorator(Controller.prototype, 'handler', descriptor);
  const metadata = (key: string) => Reflect.getMetadata(key, descriptor.value as object);
  return {
    responses: metadata(DECORATORS.API_RESPONSE) as Record<string, Record<string, unknown>>,
    tags: metadata(DECORATORS.API_TAGS) as string[],
    parameters: metadata(DECORATORS.API_PARAMETERS) as Record<string, unknown>[] | undefined,
  };
}

describe('ApiTagEndpoints', () => {
  it('gives each route its resource’s tag, and no path parameter or 404 of its own', () => {
    const { responses, tags, parameters } = metadataOf(ApiTagEndpoints('People')(options));
    expect(tags).toEqual(['People']);
    expect(responses['200']).toMatchObject({ description: 'The person.', type: Person });
    expect(responses).not.toHaveProperty('404');
    expect(parameters).toBeUndefined();
  });
});

describe('ApiPathEndpoints', () => {
  it('adds the ULID path parameter and the 404 of a missing one, in the noun’s words', () => {
    const { responses, tags, parameters } = metadataOf(ApiPathEndpoints('People', 'id', 'person')(options));
    expect(tags).toEqual(['People']);
    expect(parameters).toEqual([
      expect.objectContaining({ name: 'id', in: 'path', description: "The person's ULID." }),
    ]);
    expect(responses['404']).toMatchObject({
      description: 'No such person in the organization (a malformed id included).',
    });
  });

  it('takes a 404 description of the resource’s own, and a route’s own over both', () => {
    const own = metadataOf(ApiPathEndpoints('Groups', 'groupId', 'group', 'No such group.')(options));
    expect(own.responses['404']).toMatchObject({ description: 'No such group.' });
    expect(own.parameters).toEqual([expect.objectContaining({ name: 'groupId', description: "The group's ULID." })]);
    const route = metadataOf(ApiPathEndpoints('Groups', 'groupId', 'group')({ ...options, notFound: 'Gone.' }));
    expect(route.responses['404']).toMatchObject({ description: 'Gone.' });
  });
});
