import { ApiProperty } from '@nestjs/swagger';
import { ApiDateTime, ApiUlid, DataList, KeysetList, ResponseSchema } from '@lib/http';
import { AttestationRequestResponse } from '../../attestation-requests/http/attestation-request.response';
import { REQUEST_EVENT_TYPES } from '../domain/event-type';

@ResponseSchema('Event', 'Something that happened to an attestation request, recorded with the change itself.')
export class EventResponse {
  @ApiUlid('The event; the `webhook-id` of its deliveries.')
  id!: string;

  @ApiProperty({ enum: [...REQUEST_EVENT_TYPES] })
  type!: string;

  @ApiDateTime('When it happened.')
  timestamp!: string;

  @ApiProperty({
    type: () => AttestationRequestResponse,
    description: 'The attestation request as the API showed it at that moment.',
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
