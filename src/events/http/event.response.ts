import { ApiProperty } from '@nestjs/swagger';
import { ApiDateTime, ApiUlid, ResponseSchema } from '@lib/http';
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

@ResponseSchema('EventFeedPage', 'Events after the given one, in the order they were recorded.')
export class EventFeedPage {
  @ApiProperty({ type: [EventResponse] })
  data!: EventResponse[];

  @ApiProperty({ description: 'More events are available now: ask again with `after` = the last id of `data`.' })
  has_more!: boolean;
}

@ResponseSchema('EventList', "A request's events, oldest first.")
export class EventList {
  @ApiProperty({ type: [EventResponse] })
  data!: EventResponse[];
}
