import { Injectable } from '@nestjs/common';
import { AttestationRequestRepository } from '../../attestation-requests/application/attestation-request.repository';
import { requestNamed } from '../../attestation-requests/application/request-reference';
import { AttestationEvidence, timelineOf } from '../domain/attestation-evidence';
import { EvidenceRecords } from './evidence-records';
import { EvidenceSnapshot } from './evidence-snapshot';
import { RequestEventHistory } from './request-event-history';

/**
 * The evidence of one request of the organization, read from one snapshot: the request, its document and
 * revision, the signature's audit entry when signed, its events and its timeline. Another organization's request is not found.
 */
@Injectable()
export class ShowAttestationEvidence {
  constructor(
    private readonly snapshot: EvidenceSnapshot,
    private readonly requests: AttestationRequestRepository,
    private readonly records: EvidenceRecords,
    private readonly history: RequestEventHistory,
  ) {}

  async execute(input: { organizationId: string; requestId: string }): Promise<AttestationEvidence> {
    return this.snapshot.read(async () => {
      const request = await requestNamed(this.requests, input);
      const records = await this.records.find(request);
      const events = await this.history.of(input.organizationId, request.id);
      return { request, ...records, events, timeline: timelineOf(request, events) };
    });
  }
}
