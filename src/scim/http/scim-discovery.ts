import { GROUP_SCHEMA, USER_SCHEMA } from '../domain/scim-schemas';

const SPC_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig';
const RESOURCE_TYPE_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:ResourceType';
const SCHEMA_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Schema';

type Attribute = Record<string, unknown>;

const attribute = (name: string, more: Partial<Attribute> = {}): Attribute => ({
  name,
  type: 'string',
  multiValued: false,
  required: false,
  caseExact: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: 'none',
  ...more,
});

const subAttributes = (...names: string[]) => names.map((name) => attribute(name));

/** Exactly the attributes the mapping reads and answers (docs/scim.md). */
const USER_ATTRIBUTES: Attribute[] = [
  attribute('userName', { required: true, uniqueness: 'server' }),
  attribute('externalId', { caseExact: true, uniqueness: 'server' }),
  attribute('name', { type: 'complex', subAttributes: subAttributes('givenName', 'familyName') }),
  attribute('displayName'),
  attribute('emails', {
    type: 'complex',
    multiValued: true,
    required: true,
    subAttributes: [...subAttributes('value', 'type'), attribute('primary', { type: 'boolean' })],
  }),
  attribute('phoneNumbers', {
    type: 'complex',
    multiValued: true,
    subAttributes: [...subAttributes('value', 'type'), attribute('primary', { type: 'boolean' })],
  }),
  attribute('preferredLanguage'),
  attribute('active', { type: 'boolean' }),
];

const GROUP_ATTRIBUTES: Attribute[] = [
  attribute('displayName', { required: true }),
  attribute('externalId', { caseExact: true, uniqueness: 'server' }),
  attribute('members', {
    type: 'complex',
    multiValued: true,
    subAttributes: [
      attribute('value', { mutability: 'immutable' }),
      attribute('display', { mutability: 'readOnly' }),
      attribute('$ref', { type: 'reference', referenceTypes: ['User'], mutability: 'immutable' }),
    ],
  }),
];

export function serviceProviderConfig(baseUrl: string) {
  return {
    schemas: [SPC_SCHEMA],
    documentationUri: `${baseUrl.replace(/\/scim\/v2$/, '')}/api/v1/docs`,
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: 200 },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'Bearer token',
        description: 'A SCIM token (scope scim) made in the console API settings or with the admin CLI.',
        primary: true,
      },
    ],
    meta: { resourceType: 'ServiceProviderConfig', location: `${baseUrl}/ServiceProviderConfig` },
  };
}

export function resourceTypes(baseUrl: string) {
  return [
    { id: 'User', name: 'User', endpoint: '/Users', schema: USER_SCHEMA, description: 'A person of the organization.' },
    { id: 'Group', name: 'Group', endpoint: '/Groups', schema: GROUP_SCHEMA, description: 'A group of people.' },
  ].map((type) => ({
    schemas: [RESOURCE_TYPE_SCHEMA],
    ...type,
    schemaExtensions: [],
    meta: { resourceType: 'ResourceType', location: `${baseUrl}/ResourceTypes/${type.id}` },
  }));
}

export function schemas(baseUrl: string) {
  return [
    { id: USER_SCHEMA, name: 'User', description: 'A person', attributes: USER_ATTRIBUTES },
    { id: GROUP_SCHEMA, name: 'Group', description: 'A group of people', attributes: GROUP_ATTRIBUTES },
  ].map((schema) => ({
    schemas: [SCHEMA_SCHEMA],
    ...schema,
    meta: { resourceType: 'Schema', location: `${baseUrl}/Schemas/${schema.id}` },
  }));
}
