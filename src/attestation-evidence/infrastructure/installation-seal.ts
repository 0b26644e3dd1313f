import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { loadOrCreateSealKey, type SealKey } from '../../config/seal-key';

/**
 * The key certificates are sealed with: the operator's PKCS#12 (checked when the configuration was read) or the
 * self-signed one kept under the data directory, made on the first start.
 */
@Injectable()
export class InstallationSeal {
  readonly key: SealKey;

  constructor(config: AppConfig) {
    this.key = config.sealKey ?? loadOrCreateSealKey(config.dataDir);
  }
}
