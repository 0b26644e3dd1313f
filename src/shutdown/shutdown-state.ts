import { Global, Injectable, Module } from '@nestjs/common';

/**
 * Whether this process is on its way out. Set on SIGTERM before anything closes, so readiness answers 503 while
 * requests are still served and a load balancer stops sending new ones before the listener closes.
 */
@Injectable()
export class ShutdownState {
  private drainingSince: Date | null = null;

  get draining(): boolean {
    return this.drainingSince !== null;
  }

  beginDraining(now = new Date()): void {
    this.drainingSince ??= now;
  }
}

@Global()
@Module({ providers: [ShutdownState], exports: [ShutdownState] })
export class ShutdownModule {}
