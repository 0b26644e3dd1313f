import { PermanentJobError } from '../../outbox/application/job-retries';

/** Retrying cannot help (the server refused the address for good): the job fails at once, the request bounces. */
export class PermanentDeliveryError extends PermanentJobError {}
