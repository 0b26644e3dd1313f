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
    return this.snapshot.read(() => this.readInCurrentTransaction(input));
  }

  /**
   * The same evidence, read in the transaction already open (the worker's delivery of the signer's copy, which
   * holds its outbox row's lock; an attested request's evidence no longer changes).
   */
  async readInCurrentTransaction(input: { organizationId: string; requestId: string }): Promise<AttestationEvidence> {
    const request = await requestNamed(this.requests, input);
    const records = await this.records.find(request);
    const events = await this.history.of(input.organizationId, request.id);
    return { request, ...records, events, timeline: timelineOf(request, events) };
  }
}
