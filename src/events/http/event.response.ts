import { ApiExtraModels, ApiProperty, getSchemaPath } from '@nestjs/swagger';
import { ApiDateTime, ApiUlid, DataList, KeysetList, ResponseSchema } from '@lib/http';
import { FEED_EVENT_TYPES } from '../domain/event-type';
import { EVENT_DATA_SCHEMAS } from './event-data';

@ResponseSchema(
  'Event',
  'Something that happened to an attestation request, a person, a document or a group, recorded with the change itself.',
)
@ApiExtraModels(...EVENT_DATA_SCHEMAS)
export class EventResponse {
  @ApiUlid('The event; the `webhook-id` of its deliveries.')
  id!: string;

  @ApiProperty({ enum: [...FEED_EVENT_TYPES] })
  type!: string;

  @ApiDateTime('When it happened.')
  timestamp!: string;

  @ApiProperty({
    oneOf: EVENT_DATA_SCHEMAS.map((schema) => ({ $ref: getSchemaPath(schema) })),
    description:
      'What the event is about as the API showed it at that moment: the attestation request, person, document or ' +
      'group its type names. A publication adds the revision; a group membership change, the ids that joined or left.',
  })
  data!: object;
}

export const EventFeedPage = KeysetList(
  EventResponse,
  'EventFeedPage',
  'Events after the given one, in the order they were recorded.',
  'More events are available now: ask again with `after` = the last id of `data`.',
);

export const EventList = DataList(EventResponse, 'EventList', "A request's events, oldest first.");
